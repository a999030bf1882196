/** The Club (R-STORE-7): POST /api/community/join with name, email and a +91 phone. */
import { useMutation } from "@tanstack/react-query";
import type { ClubMembership } from "@vaki/contract/community";
import { apiPost } from "../../lib/api-client";
import { INVALID_JOIN_RESPONSE } from "./join-club-messages";

/** R-STORE-9: Indian numbers, sent with the country code. */
export const CLUB_COUNTRY_CODE = "+91";

export interface JoinClubForm {
  firstName: string;
  email: string;
  /** Ten digits, without the country code. */
  phone: string;
}

export async function joinClub(form: JoinClubForm): Promise<ClubMembership> {
  const data = await apiPost<ClubMembership | null | undefined>("/community/join", {
    name: form.firstName.trim(),
    email: form.email.trim(),
    phone: `${CLUB_COUNTRY_CODE}${form.phone}`,
  });
  if (!data) throw new Error(INVALID_JOIN_RESPONSE);
  return data;
}

export function useJoinClub() {
  return useMutation({ mutationKey: ["community", "join"], mutationFn: joinClub });
}
