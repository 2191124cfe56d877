import { CREDENTIALS } from './api/session-store';

/**
 * What the built pages carry where the response's CSP nonce goes (vite.config.ts `html.cspNonce`
 * writes it into `<meta property="csp-nonce">` and the script and style tags); the server replaces
 * it per response (src/server/http/static-apps.ts). Letters and underscores only, so it can never
 * be mistaken for part of the page's markup.
 */
export const CSP_NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER_a3f1';

/**
 * The one inline script a page may run (its SHA-256 is in the pages' CSP): a prerendered page's app
 * scripts wait in `<template id="app-scripts">` until the browser has painted the page from its HTML,
 * then go in. A phone then paints the page while the app's ~145 KiB come down, instead of the paint
 * being counted after them; a tab opened in the background loads them at once (it draws no frames).
 * The whole page first: the browser may paint before the HTML is all read, and scripts put in then
 * ran before the frame that drew the page's end (its footer, the largest text: LCP after the app).
 */
export const DEFERRED_SCRIPTS_LOADER =
  "(function(){var go=function(){var t=document.getElementById('app-scripts');if(t&&t.parentNode){t.parentNode.removeChild(t);document.head.appendChild(document.importNode(t.content,true))}},later=function(){requestAnimationFrame(function(){setTimeout(go)})};if(document.visibilityState==='hidden')go();else if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',later);else later()})()";

/**
 * The other inline script (its hash is in the CSP too): right after the banners the server put in a
 * prerendered page, it takes out those the visitor dismissed today (maintenance-banner.tsx keeps
 * them in localStorage `bannerDismissed`, by local date), before the page paints, as the app would.
 */
export const BANNER_DISMISSAL_SCRIPT =
  "(function(){var s=document.currentScript,l=s&&s.previousElementSibling;if(!l)return;try{var d=JSON.parse(localStorage.getItem('bannerDismissed')||'{}'),n=new Date(),p=function(x){return(x<10?'0':'')+x},t=n.getFullYear()+'-'+p(n.getMonth()+1)+'-'+p(n.getDate());[].slice.call(l.querySelectorAll('[data-banner-key]')).forEach(function(e){if(d[e.getAttribute('data-banner-key')]===t)e.parentNode.removeChild(e)});if(!l.querySelector('[data-banner-key]'))l.parentNode.removeChild(l)}catch(e){}})()";

/**
 * The third (hashed too): first in a prerendered signed-in page's root (scripts/prerender-frame.ts), it
 * marks the page of a visitor with no session, whose frame then never shows: the app sends them to the
 * login page instead.
 */
export const SIGNED_IN_FRAME_SCRIPT = `(function(){var v;try{v=!sessionStorage.getItem('${CREDENTIALS}')}catch(e){v=true}if(v)document.documentElement.setAttribute('data-visitor','')})()`;
