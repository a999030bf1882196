/**
 * Styles of the sandbox payment page, inlined in its <style> (the shop's CSP allows inline
 * styles, not scripts). Brand palette: ink #0E0E10, paper #F4F1EA, lime #C6FF00. The form sits
 * on a paper card for legibility; every text colour meets WCAG AA on its background.
 */
export const pageStyles = `
:root{--ink:#0e0e10;--ink-raised:#17171b;--ink-line:#2c2c32;--paper:#f4f1ea;--paper-line:#d9d4c8;--white:#fffdf8;
--lime:#c6ff00;--muted:#aaa69d;--muted-on-paper:#56534c;--danger:#ff8a7a;--danger-on-paper:#a4161a;--warn-on-paper:#6b4e00;
--display:"Anton","Impact","Haettenschweiler","Arial Narrow Bold","Liberation Sans Narrow",sans-serif;
--text:"Inter Variable","Inter",system-ui,-apple-system,"Segoe UI",Roboto,"Liberation Sans",sans-serif;
--radius:12px;--ease:cubic-bezier(.22,1,.36,1);--t:180ms}
@media (prefers-reduced-motion:reduce){:root{--t:0ms}}
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:dark;-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--ink);color:var(--paper);font:16px/1.5 var(--text);-webkit-font-smoothing:antialiased}
h1,h2{margin:0;font-family:var(--display);font-weight:400;text-transform:uppercase;letter-spacing:.01em;line-height:1}
p{margin:0}
a{color:inherit}
svg{flex-shrink:0}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.topbar{border-bottom:1px solid var(--ink-line);background:var(--ink)}
.topbar-inner{max-width:1120px;margin:0 auto;padding:14px 16px;display:flex;align-items:center;gap:12px}
.brand{font-family:var(--display);font-size:28px;letter-spacing:.06em;text-transform:uppercase;line-height:1}
.secure{display:inline-flex;align-items:center;gap:6px;color:var(--muted);font-size:13px;margin-left:auto}
.test-pill{background:var(--lime);color:var(--ink);font-size:11px;font-weight:800;letter-spacing:.08em;text-transform:uppercase;padding:4px 10px;border-radius:999px}
.page{max-width:1120px;margin:0 auto;padding:16px 12px 32px}
.page--narrow{max-width:560px;padding-top:48px}
.layout{display:grid;gap:16px}
@media (min-width:900px){.page{padding:40px 24px 56px}.layout{grid-template-columns:minmax(0,1fr) 380px;gap:32px;align-items:start}
.aside{grid-column:2;grid-row:1;position:sticky;top:24px}.checkout{grid-column:1;grid-row:1}}
.summary{background:var(--ink-raised);border:1px solid var(--ink-line);border-radius:var(--radius);padding:0 16px}
.summary>summary{list-style:none;display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:56px;cursor:pointer;font-weight:600}
.summary>summary::-webkit-details-marker{display:none}
.summary>summary span::after{content:"";display:inline-block;width:7px;height:7px;margin-left:10px;border:solid var(--muted);border-width:0 2px 2px 0;transform:translateY(-3px) rotate(45deg);transition:transform var(--t) var(--ease)}
.summary[open]>summary span::after{transform:translateY(0) rotate(-135deg)}
.summary>summary strong{font-family:var(--display);font-weight:400;font-size:22px;color:var(--lime);letter-spacing:.02em}
.lines{list-style:none;margin:0;padding:4px 0 12px;border-top:1px solid var(--ink-line)}
.line{display:grid;grid-template-columns:56px minmax(0,1fr) auto;gap:12px;align-items:center;padding:10px 0}
.thumb{position:relative;width:56px;height:56px;border-radius:10px;background:var(--paper);display:grid;place-items:center}
.thumb img{width:56px;height:56px;object-fit:cover;border-radius:10px}
.thumb-fallback{font-family:var(--display);font-size:26px;color:var(--ink)}
.qty{position:absolute;top:-7px;right:-7px;min-width:22px;height:22px;padding:0 6px;border-radius:999px;background:var(--lime);color:var(--ink);font-size:12px;font-weight:800;display:grid;place-items:center;border:2px solid var(--ink-raised)}
.line-name{font-size:14px;font-weight:600;line-height:1.3}
.line-sku{display:block;color:var(--muted);font-size:12px;font-weight:400;margin-top:2px}
.line-price{font-size:14px;font-variant-numeric:tabular-nums}
.totals{margin:0;padding:12px 0 4px;border-top:1px solid var(--ink-line)}
.row{display:flex;justify-content:space-between;gap:12px;padding:4px 0;font-size:14px;color:var(--muted)}
.row dt,.row dd{margin:0}.row dd{color:var(--paper);font-variant-numeric:tabular-nums}
.row--discount dd{color:var(--lime)}
.coupon{display:inline-block;margin-left:6px;padding:1px 8px;border:1px dashed var(--lime);border-radius:6px;color:var(--lime);font-size:12px;font-weight:700;letter-spacing:.06em}
.free{color:var(--lime)!important;font-weight:700}
.row--total{margin-top:8px;padding-top:12px;border-top:1px solid var(--ink-line);color:var(--paper);align-items:baseline}
.row--total dt{font-weight:700;text-transform:uppercase;letter-spacing:.08em;font-size:13px}
.row--total dd{font-family:var(--display);font-size:30px;letter-spacing:.01em}
.taxes{color:var(--muted);font-size:12px;padding:0 0 14px;text-align:right}
.checkout{background:var(--paper);color:var(--ink);border-radius:var(--radius);padding:20px 16px 24px;color-scheme:light}
@media (min-width:600px){.checkout{padding:32px}}
.checkout h1{font-size:40px}
.lede{margin-top:8px;color:var(--muted-on-paper);font-size:15px}
.lede strong{color:var(--ink)}
.step{margin-top:28px;padding-top:24px;border-top:1px solid var(--paper-line)}
.step h2{display:flex;align-items:center;gap:10px;font-size:24px;margin-bottom:16px}
.step-no{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:999px;background:var(--ink);color:var(--lime);font-family:var(--text);font-size:14px;font-weight:800}
.grid{display:grid;gap:14px}
@media (min-width:600px){.grid{grid-template-columns:1fr 1fr}.field--wide{grid-column:1/-1}}
.field{display:flex;flex-direction:column;gap:6px;min-width:0}
.field label{font-size:14px;font-weight:600}
.optional{font-weight:400;color:var(--muted-on-paper);font-size:13px}
.hint{font-size:12.5px;color:var(--muted-on-paper)}
input[type=text],input[type=email],input[type=tel],select{width:100%;min-height:48px;padding:10px 14px;border:1.5px solid var(--paper-line);border-radius:10px;background-color:var(--white);color:var(--ink);font:inherit;font-size:16px;transition:border-color var(--t) var(--ease),box-shadow var(--t) var(--ease)}
select{appearance:none;background-image:linear-gradient(45deg,transparent 50%,var(--ink) 50%),linear-gradient(135deg,var(--ink) 50%,transparent 50%);background-position:calc(100% - 20px) 21px,calc(100% - 15px) 21px;background-size:5px 5px;background-repeat:no-repeat;padding-right:40px}
input::placeholder{color:#8a867d}
input:hover,select:hover{border-color:#b5afa2}
input:focus-visible,select:focus-visible{outline:none;border-color:var(--ink);box-shadow:0 0 0 4px rgb(198 255 0 / .75)}
.field--invalid input,.field--invalid select{border-color:var(--danger-on-paper);background-color:#fff6f4}
.field-error{color:var(--danger-on-paper);font-size:13px;font-weight:600}
.field-error::before{content:"! ";font-weight:800}
.billing{margin-top:18px}
.billing>input{position:absolute;opacity:0;width:1px;height:1px}
.check{display:flex;align-items:center;gap:12px;min-height:44px;font-weight:600;cursor:pointer}
.check::before{content:"";width:22px;height:22px;flex:none;border:2px solid var(--ink);border-radius:6px;background:var(--white)}
.billing>input:checked+.check::before{background:var(--ink) url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23c6ff00' stroke-width='3.5' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M5 12.5l4.5 4.5L19 7.5'/%3E%3C/svg%3E") center/16px no-repeat}
.billing>input:focus-visible+.check::before{box-shadow:0 0 0 4px rgb(198 255 0 / .75)}
.billing-fields{margin:12px 0 0;padding:16px 0 0;border:0;border-top:1px dashed var(--paper-line)}
.billing-fields legend{font-weight:700;font-size:15px;padding:0 0 12px}
.billing>input:checked~.billing-fields{display:none}
.methods{border:0;margin:0;padding:0;display:grid;gap:10px}
.method{position:relative}
.method>input{position:absolute;opacity:0;width:1px;height:1px}
.method>label{display:grid;grid-template-columns:24px 1fr;column-gap:12px;align-items:center;min-height:64px;padding:12px 16px;border:1.5px solid var(--paper-line);border-radius:12px;background:var(--white);cursor:pointer;transition:border-color var(--t) var(--ease),background-color var(--t) var(--ease)}
.method>label::before{content:"";grid-row:1/3;width:22px;height:22px;border-radius:999px;border:2px solid #8a867d;background:var(--white);transition:box-shadow var(--t) var(--ease)}
.method>label:hover{border-color:#b5afa2}
.method>input:checked+label{border:2px solid var(--ink);background:#f7fde6;padding:11.5px 15.5px}
.method>input:checked+label::before{border-color:var(--ink);background:var(--lime);box-shadow:inset 0 0 0 4px var(--white)}
.method>input:focus-visible+label{box-shadow:0 0 0 4px rgb(198 255 0 / .75)}
.method-title{font-weight:700;display:flex;align-items:center;gap:8px;flex-wrap:wrap}
.method-detail{grid-column:2;color:var(--muted-on-paper);font-size:13.5px}
.tag{font-size:10.5px;font-weight:800;letter-spacing:.08em;text-transform:uppercase;padding:2px 7px;border-radius:6px;background:var(--ink);color:var(--lime)}
.method--fail>label{border-style:dashed;background:transparent}
.checkout:has(#f-shippingAddress-country option:checked:not(:first-child)) .method--cod>label{border-style:dashed;background:transparent}
.method--fail .tag{background:transparent;color:var(--danger-on-paper);border:1px solid var(--danger-on-paper)}
.method-extra{display:none;margin:10px 0 4px 52px}
.method--upi>input:checked~.method-extra,.method--cod>input:checked~.method-extra,.method-extra.field--invalid{display:flex}
.method-extra--code{flex-direction:column;align-items:flex-start;gap:6px}
.method-extra--code input{max-width:12ch;letter-spacing:.2em;font-variant-numeric:tabular-nums}
.hint--sent{color:var(--ink);font-weight:600}
.resend{display:none}
.checkout:has(#method-cod:checked) .resend{display:inline-block}
.resend{background:none;border:0;padding:4px 0;font:inherit;font-size:14px;font-weight:700;text-decoration:underline;color:var(--ink);cursor:pointer;min-height:24px}
.actions{margin-top:28px;display:grid;gap:14px}
.pay{display:flex;align-items:center;justify-content:center;gap:10px;width:100%;min-height:56px;padding:0 20px;border:2px solid var(--ink);border-radius:999px;background:var(--lime);color:var(--ink);font:inherit;font-size:16px;font-weight:800;letter-spacing:.06em;text-transform:uppercase;text-decoration:none;cursor:pointer;transition:transform var(--t) var(--ease),background-color var(--t) var(--ease)}
.pay:hover{background:#d4ff3d}.pay:active{transform:translateY(1px) scale(.99)}
.pay:focus-visible{outline:3px solid var(--ink);outline-offset:3px}
.pay-label{display:inline-flex;align-items:center;gap:8px}
.pay-label--cod,.pay-label--fail{display:none}
.checkout:has(#method-cod:checked) .pay-label--pay,.checkout:has(#method-fail:checked) .pay-label--pay{display:none}
.checkout:has(#method-cod:checked) .pay-label--cod,.checkout:has(#method-fail:checked) .pay-label--fail{display:inline-flex}
.checkout:has(#method-fail:checked) .pay{background:var(--white);border-style:dashed}
.cancel{justify-self:center;display:inline-flex;align-items:center;min-height:44px;color:var(--muted-on-paper);font-size:14px;font-weight:600}
.fine{text-align:center;color:var(--muted-on-paper);font-size:12.5px}
.alert{margin-top:20px;padding:14px 16px;border-radius:10px;font-size:14px}
.alert-title{font-weight:800;margin-bottom:4px}
.alert ul{margin:6px 0 0;padding-left:18px}
.alert a{font-weight:600}
.alert--error{background:#fdecea;border:1.5px solid var(--danger-on-paper);color:var(--danger-on-paper)}
.alert--info{background:#eef8d6;border:1.5px solid var(--ink);color:var(--ink)}
.alert--warn{background:#fff4d1;border:1.5px solid #d9a400;color:var(--warn-on-paper)}
.footer{max-width:1120px;margin:0 auto;padding:0 16px 40px;color:var(--muted);font-size:12.5px;text-align:center}
.footer p{max-width:52ch;margin:0 auto}.footer svg{vertical-align:-2px;margin-right:2px}
.status-card{background:var(--ink-raised);border:1px solid var(--ink-line);border-radius:var(--radius);padding:32px 24px;display:grid;gap:16px;text-align:center}
.status-card h1{font-size:36px}
.status-card p{color:var(--muted)}
.pay--link{margin-top:8px}
`;
