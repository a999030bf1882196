import { Search } from "lucide-react";
import { useEffect, useState } from "react";

/** A list's text filter: applied on submit, so each search is one server call and one URL. */
export function SearchFilter({
  id,
  label,
  value,
  onSearch,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      className="field field--wide"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id}>{label}</label>
      <div className="form-row form-row--nowrap">
        <input
          id={id}
          className="input"
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--secondary" aria-label="Search">
          <Search size={16} aria-hidden="true" />
        </button>
      </div>
    </form>
  );
}
