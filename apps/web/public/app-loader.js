// The storefront's code for a page the server has drawn (decision 0020): fetched once the drawing
// and its pictures have painted (the window's load, then the first paint, then a frame), so the
// page's content never waits for it or shares the network with it. Until the app's own
// render takes over, the drawing is inert: no click or keystroke is lost on a control with
// nothing behind it yet. Without JavaScript none of this runs and the drawing's links work.
(() => {
  const root = document.getElementById("root");
  const code = document.getElementById("vaki-code");
  if (!root || !code?.textContent) return;
  if (root.hasAttribute("data-server-rendered")) root.setAttribute("inert", "");
  const { entry, preload } = JSON.parse(code.textContent);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.append(script);
  };
  const loaded = new Promise((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", resolve, { once: true });
  });
  const painted = new Promise((resolve) => {
    if (performance.getEntriesByName("first-contentful-paint").length > 0) return resolve();
    // A browser that does not time paints: the load is as near as it can tell.
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return resolve();
    try {
      new PerformanceObserver((_list, observer) => {
        observer.disconnect();
        resolve();
      }).observe({ type: "paint", buffered: true });
    } catch {
      resolve();
    }
  });
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  loaded
    .then(() => painted)
    .then(nextFrame)
    .then(start);
  // A picture that takes long to load, or a tab in the background, holds the code back no longer than this.
  setTimeout(start, 3000);
})();
