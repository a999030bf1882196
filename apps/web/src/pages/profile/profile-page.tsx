import { KeyRound, MapPin, Package, ReceiptText, UserRound } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { profileMessages as t } from "../../features/accounts/auth-messages";
import { useProfile } from "../../features/accounts/profile-api";
import { AddressBook } from "../../features/addresses/components/address-book";
import { KEEP_SCROLL, paths } from "../../lib/paths";
import { useCurrentUser } from "../../lib/session-store";
import { usePageTitle } from "../../lib/use-page-title";
import { type EditableField, PersonalInfoPanel } from "./personal-info-panel";
import { ProfileHeader } from "./profile-header";
import { type ProfileTab, ProfileTabs } from "./profile-tabs";
import { RecentOrdersPanel } from "./recent-orders-panel";
import { SecurityPanel } from "./security-panel";
import "../../features/accounts/components/auth-forms.css";
import "./profile-page.css";
import "./profile-page-lists.css";

type PanelId = "personal" | "addresses" | "orders" | "recent" | "security";
const PANELS: readonly PanelId[] = ["personal", "addresses", "recent", "security"];

/** The profile page (R-ORD-2 "Profile page"); the route guard keeps guests out. */
export function ProfilePage() {
  usePageTitle("Profile");
  const user = useCurrentUser();
  const profile = useProfile();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<EditableField | null>(null);
  const requested = params.get("tab") as PanelId | null;
  const selected: PanelId = requested && PANELS.includes(requested) ? requested : "personal";

  function select(tab: PanelId) {
    setEditing(null);
    setParams(tab === "personal" ? {} : { tab }, { replace: true, preventScrollReset: true, state: KEEP_SCROLL });
  }

  const tabs: readonly ProfileTab<PanelId>[] = [
    { id: "personal", label: "Personal Information", icon: <UserRound aria-hidden="true" /> },
    { id: "addresses", label: "Addresses", icon: <MapPin aria-hidden="true" /> },
    { id: "orders", label: "My Orders", icon: <Package aria-hidden="true" />, onFollow: () => navigate(paths.orders) },
    { id: "recent", label: "Recent Orders", icon: <ReceiptText aria-hidden="true" /> },
    { id: "security", label: "Security", icon: <KeyRound aria-hidden="true" /> },
  ];

  if (!user) return <ProfileMessage text={t.notLoggedIn} />;
  if (profile.isPending) return <ProfileMessage text={t.loading} busy />;
  if (profile.isError) return <ProfileMessage text={t.loadFailed} onRetry={() => void profile.refetch()} />;

  return (
    <div className="profile-page">
      <ProfileHeader
        profile={profile.data}
        onEditProfile={() => {
          select("personal");
          setEditing("name");
        }}
      />
      <div className="profile-page__body">
        <ProfileTabs label="Your account" tabs={tabs} selected={selected} onSelect={select}>
          {selected === "personal" ? (
            <PersonalInfoPanel profile={profile.data} editing={editing} onEditingChange={setEditing} />
          ) : selected === "addresses" ? (
            <div className="profile-panel">
              <AddressBook />
            </div>
          ) : selected === "recent" ? (
            <RecentOrdersPanel />
          ) : (
            <SecurityPanel />
          )}
        </ProfileTabs>
      </div>
    </div>
  );
}

function ProfileMessage({ text, busy, onRetry }: { text: string; busy?: boolean; onRetry?: () => void }) {
  return (
    <div className="profile-page profile-page--message">
      <h1 className="visually-hidden">Profile</h1>
      <div className="profile-message" role={onRetry ? "alert" : "status"} aria-busy={busy || undefined}>
        {busy ? <span className="profile-message__spinner" aria-hidden="true" /> : null}
        <p>{text}</p>
        {onRetry ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            Retry
          </button>
        ) : null}
      </div>
    </div>
  );
}
