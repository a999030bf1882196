import type { Profile } from "@vaki/contract/accounts";
import { BadgeCheck, LoaderCircle, LogOut, Pencil } from "lucide-react";
import { profileMessages as t } from "../../features/accounts/auth-messages";
import { useLogout } from "../../features/accounts/hooks/use-session-actions";
import { initialsOf } from "../../features/accounts/initials";
import { memberSince } from "./profile-rules";

interface ProfileHeaderProps {
  profile: Profile & { avatar?: string | null };
  onEditProfile: () => void;
}

/** Avatar (initials without a picture), name, e-mail, the 'Active Member' badge, Edit Profile and Logout. */
export function ProfileHeader({ profile, onEditProfile }: ProfileHeaderProps) {
  const logout = useLogout();
  const since = memberSince(profile);
  return (
    <header className="profile-hero">
      <div className="profile-hero__inner">
        {profile.avatar ? (
          <img className="profile-hero__avatar" src={profile.avatar} alt="" width={96} height={96} />
        ) : (
          <span className="profile-hero__avatar profile-hero__avatar--initials" aria-hidden="true">
            {initialsOf(profile.name)}
          </span>
        )}
        <div className="profile-hero__who">
          <p className="profile-hero__badge">
            <BadgeCheck aria-hidden="true" />
            {t.activeMember}
          </p>
          <h1 className="profile-hero__name">{profile.name}</h1>
          <p className="profile-hero__email">{profile.email}</p>
          {since ? <p className="profile-hero__since">{since}</p> : null}
        </div>
        <div className="profile-hero__actions">
          <button type="button" className="button button--primary" onClick={onEditProfile}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </button>
          <button type="button" className="button" disabled={logout.isPending} onClick={() => logout.mutate()}>
            {logout.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
            Logout
          </button>
        </div>
      </div>
    </header>
  );
}
