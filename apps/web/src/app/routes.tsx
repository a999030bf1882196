import type { RouteObject } from "react-router";
import { AboutPage } from "../pages/about/about-page";
import { CategoryPage } from "../pages/category/category-page";
import { HomePage } from "../pages/home/home-page";
import { NotFoundPage } from "../pages/not-found/not-found-page";
import { ProductPage } from "../pages/product/product-page";
import { ProductsPage } from "../pages/products/products-page";
import { VakiversePage } from "../pages/vakiverse/vakiverse-page";
import { RootLayout } from "./root-layout";
import { RouteErrorPage } from "./route-error-page";

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Pathless route so a page that throws still renders inside the header and footer.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "vakiverse", element: <VakiversePage /> },
          { path: "products", element: <ProductsPage /> },
          { path: "products/:categoryId", element: <CategoryPage /> },
          { path: "product/:id", element: <ProductPage /> },
          { path: "about", element: <AboutPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
