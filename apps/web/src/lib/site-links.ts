export interface SiteLink {
  to: string;
  label: string;
}

export const PRIMARY_NAV: readonly SiteLink[] = [
  { to: "/vakiverse", label: "VAKIVERSE" },
  { to: "/products", label: "ALL PRODUCTS" },
  { to: "/about", label: "ABOUT US" },
];

/** Placeholder collections until the catalogue API lands. */
export const FOOTER_COLLECTIONS: readonly SiteLink[] = [
  { to: "/products/oversized-tees", label: "Oversized Tees" },
  { to: "/products/hoodies", label: "Hoodies & Sweatshirts" },
  { to: "/products/cargos", label: "Cargos & Joggers" },
  { to: "/products/vakiverse-figures", label: "Vakiverse Figures" },
  { to: "/products/accessories", label: "Caps & Accessories" },
];

export const FOOTER_QUICK_LINKS: readonly SiteLink[] = [
  { to: "/privacy-policy", label: "PRIVACY POLICY" },
  { to: "/faq", label: "FAQs" },
  { to: "/contact", label: "CONTACT US" },
  { to: "/careers", label: "CAREERS" },
  { to: "/terms-and-conditions", label: "TERMS" },
  { to: "/shipping-policies", label: "SHIPPING" },
];
