/*
 * The snapshot's own CSS, inline in the page so that its first paint waits for nothing else. It
 * draws what the app draws at a phone's width first (Mantine's sizes: the 60 px header, cards with
 * a 170 px photo, the offer's 320 px one), in light and dark as the app follows the system's, and
 * names only #prerender's elements, so it cannot touch the app. While #prerender is in the page,
 * #root (where the app boots) takes no room: releasePrerender() removes #prerender in the same
 * frame the app's own content shows, so nothing on screen moves (a layout shift needs an element
 * that was drawn and moved; content that appears, or goes, is not one).
 */
const CSS = `
#prerender~#root{display:none}
#prerender{
  --pr-text:#000;--pr-body:#fff;--pr-card:#fff;--pr-dim:#495057;--pr-border:#ced4da;--pr-photo:#f1f3f5;
  --pr-blue:#1971c2;--pr-link:#1971c2;--pr-on-blue:#fff;--pr-light:#e7f5ff;--pr-teal:#077b58;--pr-teal-light:#c3fae8;
  min-height:100vh;background:var(--pr-body);color:var(--pr-text);
  font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;
  font-size:16px;line-height:1.55;-webkit-font-smoothing:antialiased
}
@media (prefers-color-scheme:dark){#prerender{
  --pr-text:#c9c9c9;--pr-body:#242424;--pr-card:#2e2e2e;--pr-dim:#a6a6a6;--pr-border:#424242;--pr-photo:#2e2e2e;
  --pr-blue:#1971c2;--pr-link:#fff;--pr-on-blue:#fff;--pr-light:#1c2f42;--pr-teal:#63e6be;--pr-teal-light:#17352c
}}
#prerender *{box-sizing:border-box}
#prerender a{color:inherit;text-decoration:none}
#prerender h1,#prerender h2,#prerender p{margin:0}
#prerender img{display:block;width:100%;object-fit:cover;background:var(--pr-photo)}
.pr-bar{height:60px;border-bottom:1px solid var(--pr-border);background:var(--pr-body)}
.pr-wrap{max-width:1140px;margin:0 auto;padding:0 16px}
.pr-narrow{max-width:960px}
.pr-bar .pr-wrap{height:100%;display:flex;align-items:center;justify-content:space-between}
.pr-brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:18px}
#prerender .pr-brand img{width:28px;height:28px;background:none}
.pr-btn{display:inline-flex;align-items:center;height:36px;padding:0 18px;border-radius:8px;font-size:14px;
  font-weight:600;border:1px solid var(--pr-border);background:var(--pr-card)}
#prerender .pr-primary{background:var(--pr-blue);border-color:var(--pr-blue);color:var(--pr-on-blue)}
#prerender .pr-subtle{border-color:transparent;background:none;color:var(--pr-link)}
.pr-main{padding-top:16px;padding-bottom:16px;display:flex;flex-direction:column;gap:20px}
.pr-intro{display:flex;flex-direction:column;gap:12px;max-width:760px}
.pr-intro h1{font-size:22px;line-height:1.2;font-weight:700}
.pr-row{display:flex;flex-wrap:wrap;gap:8px}
.pr-tags{gap:4px}
.pr-wide{display:none}
.pr-results{display:flex;flex-direction:column;gap:16px}
.pr-results h2{font-size:20px;line-height:1.65;font-weight:700}
.pr-title-row{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-end;gap:16px}
.pr-seg{display:inline-flex;padding:4px;border-radius:8px;background:var(--pr-photo);font-size:12px;line-height:25px}
.pr-seg span{padding:0 10px;border-radius:4px;font-weight:500}
#prerender .pr-on{background:var(--pr-card);box-shadow:0 1px 3px rgba(0,0,0,.1);font-weight:700}
.pr-filters .pr-btn{gap:8px}
.pr-where-label{font-size:18px;line-height:1.55;font-weight:700;margin-bottom:6px}
.pr-where-row{display:flex;gap:10px}
.pr-input{flex:1;min-width:0;display:flex;align-items:center;height:36px;padding:0 12px;border-radius:8px;
  border:1px solid var(--pr-border);background:var(--pr-card);color:var(--pr-dim);font-size:14px}
.pr-count{font-weight:600}
.pr-grid{display:grid;grid-template-columns:1fr;gap:16px}
.pr-card{display:block;border:1px solid var(--pr-border);border-radius:8px;overflow:hidden;background:var(--pr-card)}
#prerender .pr-card img{height:170px}
.pr-body{display:flex;flex-direction:column;gap:2px;padding:12px}
.pr-price{font-size:18px;line-height:1.6;font-weight:700}
.pr-xs{font-size:12px;line-height:1.4}
.pr-sm{font-size:14px;line-height:1.45}
.pr-dim{color:var(--pr-dim);font-weight:400}
.pr-strong{font-weight:600}
.pr-badge{display:inline-flex;align-items:center;height:16px;padding:0 6px;border-radius:16px;font-size:9px;
  font-weight:700;text-transform:uppercase;letter-spacing:.25px;background:var(--pr-light);color:var(--pr-blue)}
#prerender .pr-teal{background:var(--pr-teal-light);color:var(--pr-teal)}
#prerender .pr-outline{height:20px;font-size:11px;padding:0 8px;background:var(--pr-card);color:var(--pr-text);
  border:1px solid var(--pr-border)}
.pr-offer{display:flex;flex-direction:column;gap:16px;padding-top:20px;padding-bottom:20px}
#prerender .pr-cover{height:320px;border-radius:4px}
.pr-none{height:320px;border-radius:8px;background:var(--pr-photo)}
.pr-card .pr-none{height:170px;border-radius:0}
.pr-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-start;gap:16px}
.pr-head h1{font-size:26px;line-height:1.35;font-weight:700}
.pr-amount{text-align:right}
.pr-total{font-size:20px;font-weight:700}
.pr-text{white-space:pre-line}
@media (min-width:36em){.pr-grid{grid-template-columns:repeat(2,1fr)}#prerender .pr-wide{display:inline-flex}}
@media (min-width:48em){.pr-main{padding-top:48px;padding-bottom:48px}.pr-intro h1{font-size:40px}.pr-filters{display:none}}
@media (min-width:62em){.pr-grid{grid-template-columns:repeat(3,1fr)}}
`;

/** The CSS as sent: whitespace runs collapsed (no string in it holds two spaces). */
export const PRERENDER_CSS = CSS.replace(/\s*\n\s*/g, "").replace(/\s{2,}/g, " ");
