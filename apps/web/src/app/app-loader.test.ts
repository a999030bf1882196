import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/*
 * public/app-loader.js (decision 0020): on a page the server drew, the app's code is fetched only
 * once the page has loaded and painted, and the drawing is inert until the app takes it over.
 */
import loader from "../../public/app-loader.js?raw";

function drawnPage(serverRendered = true): void {
  document.head.innerHTML = "";
  document.body.innerHTML = `<div id="root"${serverRendered ? " data-server-rendered" : ""}><main>Drawn</main></div>
    <script type="application/json" id="vaki-code">{"entry":"/assets/index-A.js","preload":["/assets/react-B.js","/assets/page-C.js"]}</script>`;
}

function run(): void {
  new Function(loader)();
}

const injected = () => ({
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")),
  scripts: [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute("src")),
});

describe("the app loader", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => setTimeout(() => callback(0), 16));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("makes the drawing inert at once and fetches the code only after the load and a frame", async () => {
    drawnPage();
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    run();
    expect(document.getElementById("root")?.hasAttribute("inert")).toBe(true);
    expect(injected().scripts).toEqual([]);

    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(50);
    expect(injected()).toEqual({
      preloads: ["/assets/react-B.js", "/assets/page-C.js"],
      scripts: ["/assets/index-A.js"],
    });
  });

  it("does not hold the code back longer than 3 s when the page never finishes loading", async () => {
    drawnPage();
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    run();
    await vi.advanceTimersByTimeAsync(2_900);
    expect(injected().scripts).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(injected().scripts).toEqual(["/assets/index-A.js"]);
    // Once only, whatever comes after.
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(100);
    expect(injected().scripts).toHaveLength(1);
  });

  it("leaves a page the browser draws itself alone", () => {
    drawnPage(false);
    run();
    expect(document.getElementById("root")?.hasAttribute("inert")).toBe(false);
  });
});
