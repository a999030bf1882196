import { defaultCountryCode, type Profile } from "@vaki/contract/accounts";
import { Lock } from "lucide-react";
import { useState } from "react";
import { FormField } from "../../components/form-field";
import { profileMessages as t } from "../../features/accounts/auth-messages";
import { editMobile, editName, updateBirthday } from "../../features/accounts/profile-api";
import { InlineEditField } from "./inline-edit-field";
import { PreferencesSection } from "./preferences-section";
import { formatBirthday, formatMobile, mobileProblem, nameProblem, splitMobile } from "./profile-rules";

export type EditableField = "name" | "mobile" | "birthday";

interface PersonalInfoPanelProps {
  profile: Profile;
  editing: EditableField | null;
  onEditingChange: (field: EditableField | null) => void;
}

const notSet = <span className="profile-field__empty">Not added yet</span>;

/** The Personal Information tab: name and mobile with inline edit, e-mail read-only, birthday, preferences. */
export function PersonalInfoPanel({ profile, editing, onEditingChange }: PersonalInfoPanelProps) {
  const mobile = splitMobile(profile.mobile);
  const [countryCode, setCountryCode] = useState(mobile.countryCode || defaultCountryCode);
  const editingProps = (field: EditableField) => ({
    editing: editing === field,
    onEditingChange: (on: boolean) => onEditingChange(on ? field : null),
  });

  return (
    <div className="profile-panel">
      <section className="profile-card" aria-labelledby="personal-title">
        <h2 id="personal-title" className="profile-card__title">
          Your Details
        </h2>
        <div className="profile-card__rows">
          <InlineEditField
            label="Full Name"
            display={profile.name}
            initial={profile.name}
            validate={nameProblem}
            save={editName}
            serverField="name"
            succeeded={t.nameUpdated}
            failed={t.nameUpdateFailed}
            inputProps={{ autoComplete: "name", maxLength: 100 }}
            {...editingProps("name")}
          />
          <div className="profile-field profile-field--readonly">
            <FormField
              label="Email"
              type="email"
              value={profile.email}
              readOnly
              hint={
                <span className="profile-field__lock">
                  <Lock aria-hidden="true" />
                  {t.emailReadOnly}
                </span>
              }
              className="profile-field__input"
            />
          </div>
          <InlineEditField
            label="Mobile Number"
            display={formatMobile(profile.mobile) ?? notSet}
            initial={mobile.number}
            validate={mobileProblem}
            save={(draft) => editMobile(draft, countryCode.trim() || defaultCountryCode)}
            serverField="mobile"
            succeeded={t.mobileUpdated}
            failed={t.mobileUpdateFailed}
            inputProps={{ type: "tel", autoComplete: "tel-national", inputMode: "tel", maxLength: 20 }}
            prefix={
              <input
                className="form-field__prefix-input"
                aria-label="Country code"
                value={countryCode}
                onChange={(event) => setCountryCode(event.target.value)}
                inputMode="tel"
                autoComplete="tel-country-code"
                maxLength={5}
              />
            }
            {...editingProps("mobile")}
          />
          <InlineEditField
            label="Birthday"
            display={formatBirthday(profile.birthday) ?? notSet}
            initial={profile.birthday ?? ""}
            validate={() => null}
            save={updateBirthday}
            serverField="birthday"
            succeeded={t.profileUpdated}
            failed={t.profileUpdateFailed}
            inputProps={{ type: "date", autoComplete: "bday" }}
            {...editingProps("birthday")}
          />
        </div>
      </section>
      <PreferencesSection />
    </div>
  );
}
