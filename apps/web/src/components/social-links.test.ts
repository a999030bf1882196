import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILES, socialProfiles } from "./social-links";

describe("the footer's social profiles", () => {
  it("come from the settings, and a network's home page or a bad address is left out", () => {
    const profiles = socialProfiles({
      VITE_INSTAGRAM_URL: "https://www.instagram.com/vaki.streetwear/",
      VITE_YOUTUBE_URL: "https://www.youtube.com/",
      VITE_X_URL: "not a url",
    });
    expect(profiles.map(({ name, href }) => [name, href])).toEqual([
      ["Instagram", "https://www.instagram.com/vaki.streetwear/"],
    ]);
    expect(socialProfiles({})).toEqual([]);
    expect(socialProfiles({ VITE_X_URL: "http://x.com/vaki" })).toEqual([]);
  });

  it("default to the brand's three profiles", () => {
    expect(socialProfiles(DEFAULT_PROFILES).map(({ name }) => name)).toEqual(["Instagram", "YouTube", "X (Twitter)"]);
  });
});
