import "./styles/admin.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./app/query-client";
import { createAdminRouter } from "./app/router";

const container = document.getElementById("root");
if (!container) throw new Error("index.html is missing #root");
const queryClient = createQueryClient();
const router = createAdminRouter(queryClient);
createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
