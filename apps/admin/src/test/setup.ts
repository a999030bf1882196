import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Beside the server's tests on two cores a lazy route can take longer than the default 1 s wait.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
