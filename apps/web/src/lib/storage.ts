/**
 * localStorage that never throws: private windows, full quotas and disabled storage must not
 * break the shop, they only make it forget.
 */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives only as long as the page.
  }
}

export function readStoredJson<T>(key: string): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeStoredJson(key: string, value: unknown): void {
  writeStored(key, value === null || value === undefined ? null : JSON.stringify(value));
}
