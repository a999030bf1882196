import { describe, expect, it } from "vitest";
import { networkMessages } from "../../lib/api-client";
import { ApiError } from "../../lib/api-error";
import { joinClubErrorMessage, joinClubSuccessMessage } from "./join-club-messages";

describe("join-club messages", () => {
  it("shows the server's message when it gave one", () => {
    expect(joinClubErrorMessage(new ApiError(409, "You are already in the Club, Riya."))).toBe(
      "You are already in the Club, Riya.",
    );
  });

  it("falls back to the spec's text by status when the server gave no message", () => {
    const silent = (status: number) => new ApiError(status, networkMessages.fallback);
    expect(joinClubErrorMessage(silent(401))).toBe("Authentication required. Please log in first.");
    expect(joinClubErrorMessage(silent(400))).toBe("Invalid data provided. Please check your information.");
    expect(joinClubErrorMessage(silent(409))).toBe("You are already a member of the Club.");
    expect(joinClubErrorMessage(silent(500))).toBe("Something went wrong. Please try again.");
  });

  it("uses the error's own message otherwise, and a generic text as the last resort", () => {
    expect(joinClubErrorMessage(new ApiError(0, networkMessages.network))).toBe(networkMessages.network);
    expect(joinClubErrorMessage(new Error("Invalid response from server"))).toBe("Invalid response from server");
    expect(joinClubErrorMessage(new Error(""))).toBe("Something went wrong. Please try again.");
    expect(joinClubErrorMessage("boom")).toBe("Something went wrong. Please try again.");
  });

  it("welcomes with the server's message, or thanks by default", () => {
    expect(joinClubSuccessMessage("Welcome to the Club, Riya!")).toBe("Welcome to the Club, Riya!");
    expect(joinClubSuccessMessage("")).toBe("Thank you for joining the Club! We'll be in touch soon.");
    expect(joinClubSuccessMessage(undefined)).toBe("Thank you for joining the Club! We'll be in touch soon.");
  });
});
