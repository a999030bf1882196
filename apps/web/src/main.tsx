import "@fontsource/anton/400.css";
import "@fontsource-variable/inter/wght.css";
import "./styles/tokens.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";
import "./styles/modal.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { followColourSchemeWithFavicon } from "./app/favicon";
import { createQueryClient } from "./app/query-client";
import { startUp } from "./app/start-up";

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing #root");

followColourSchemeWithFavicon();
const queryClient = createQueryClient();

void startUp(queryClient).catch(() => undefined);
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
