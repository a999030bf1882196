import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// The suite runs two files at a time beside the server's tests on two cores; under that load a
// route's lazy code and first data can take longer than Testing Library's default 1 s wait
// (CI failed on it once). A wait that succeeds still returns as soon as the element appears.
configure({ asyncUtilTimeout: 5_000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
// (The tests of the server's drawing run in Node, without a window.)
if (typeof window !== "undefined") window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
});
