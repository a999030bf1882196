/**
 * Profile calls (R-ORD-7 "Auth and profile"; R-SHOP-14: preferences are saved
 * on the server). Every profile write answers the whole profile, which replaces the cached one.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  defaultCountryCode,
  type Preferences,
  type Profile,
  type UpdatePreferencesRequest,
} from "@vaki/contract/accounts";
import { apiGet, apiPost, apiRequest } from "../../lib/api-client";
import { useCurrentUser, useSessionStore } from "../../lib/session-store";

export const profileKeys = {
  profile: (userId: string | null) => ["profile", userId] as const,
  preferences: (userId: string | null) => ["preferences", userId] as const,
};

export function fetchProfile(userId: string, signal?: AbortSignal): Promise<Profile> {
  return apiGet<Profile>(`/user/profile/${encodeURIComponent(userId)}`, { signal });
}

export function profileQuery(userId: string | null) {
  return queryOptions({
    queryKey: profileKeys.profile(userId),
    queryFn: ({ signal }) => fetchProfile(userId ?? "", signal),
    enabled: userId !== null,
  });
}

export function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  return apiGet<Preferences>("/user/preferences", { signal });
}

export function preferencesQuery(userId: string | null) {
  return queryOptions({
    queryKey: profileKeys.preferences(userId),
    queryFn: ({ signal }) => fetchPreferences(signal),
    enabled: userId !== null,
  });
}

export function useProfile() {
  return useQuery(profileQuery(useCurrentUser()?.id ?? null));
}

export function usePreferences() {
  return useQuery(preferencesQuery(useCurrentUser()?.id ?? null));
}

export function editName(name: string): Promise<Profile> {
  return apiPost<Profile>("/user/profile/edit/name", { name });
}

export function editMobile(mobile: string, countryCode: string = defaultCountryCode): Promise<Profile> {
  return apiPost<Profile>("/user/profile/edit/mobile", { mobile, newMobile: mobile, countryCode });
}

/** PUT /api/auth/profile: the birthday ("" clears it). */
export function updateBirthday(birthday: string): Promise<Profile> {
  return apiRequest<Profile>("/auth/profile", { method: "PUT", body: { birthday } });
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The spec's client sends oldPassword/newPassword/confirmPassword (the server also reads currentPassword). */
export function changePassword(input: ChangePasswordInput): Promise<{ otherSessionsSignedOut: number }> {
  return apiPost("/user/profile/edit/password", {
    oldPassword: input.currentPassword,
    newPassword: input.newPassword,
    confirmPassword: input.confirmPassword,
  });
}

export function savePreferences(changes: UpdatePreferencesRequest): Promise<Preferences> {
  return apiRequest<Preferences>("/user/preferences", { method: "PUT", body: changes });
}

/** A profile write: its answer becomes the cached profile, and the session's user follows (header, menu). */
export function useProfileWrite<Input>(write: (input: Input) => Promise<Profile>) {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  return useMutation({
    mutationFn: write,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile(userId), profile);
      useSessionStore.getState().updateUser({ name: profile.name, mobile: profile.mobile });
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationKey: ["profile", "password"], mutationFn: changePassword });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser()?.id ?? null;
  return useMutation({
    mutationKey: ["preferences", "save"],
    mutationFn: savePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(profileKeys.preferences(userId), preferences),
  });
}
