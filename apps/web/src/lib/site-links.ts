export interface SiteLink {
  to: string;
  label: string;
}

export const PRIMARY_NAV: readonly SiteLink[] = [
  { to: "/vakiverse", label: "VAKIVERSE" },
  { to: "/products", label: "ALL PRODUCTS" },
  { to: "/about", label: "ABOUT US" },
];

export const FOOTER_QUICK_LINKS: readonly SiteLink[] = [
  { to: "/privacy-policy", label: "PRIVACY POLICY" },
  { to: "/faq", label: "FAQs" },
  { to: "/contact", label: "CONTACT US" },
  { to: "/careers", label: "CAREERS" },
  { to: "/terms-and-conditions", label: "TERMS" },
  { to: "/shipping-policies", label: "SHIPPING" },
];
