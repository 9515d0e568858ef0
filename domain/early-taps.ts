/**
 * Taps before the page's script has run (docs/product/public-site.md#taps-before-the-page-is-ready, decision 0053).
 *
 * The pages the server sends rendered (prerendered public pages, a visitor's tractor page) show their buttons
 * before the app's script has hydrated them; until then a tap on "Sign In" or the menu button did nothing. This
 * script runs inline in the head of every HTML page, before anything else: while the page is rendered
 * (`data-prerendered`) and not yet hydrated, a click on a button (or an element marked `data-early-tap`) is held
 * back and queued in `window.__fieldlotEarlyTaps` as `{ el, i }` (the element, and its index among the root's
 * tappable elements); the app replays each queued tap once it has hydrated (web/src/lib/early-taps.ts). A part of
 * the page that hydrates later than the rest (its code loaded lazily, behind Suspense) drops a click React cannot
 * hydrate it for at once: after hydration, a click on a button not yet taken over (no `__reactProps$` on it) is
 * held the same way and made once it is, or after 10 s (decision 0058). Text typed into a field before it is taken
 * over stays in the field and reaches the app as soon as the field is hydrated. Links need nothing: the browser
 * follows them itself.
 *
 * One string, shared by the web build (which inlines it into index.html) and the server (whose
 * Content-Security-Policy allows exactly this script by its SHA-256 hash, computed from this same string).
 */
export const EARLY_TAP_SELECTOR = 'button,[data-early-tap]';

export const EARLY_TAPS_SCRIPT =
  '(function(){var q=[];window.__fieldlotEarlyTaps=q;function h(t){return Object.keys(t).some(function(k){' +
  "return k.indexOf('__reactProps$')===0})}document.addEventListener('click',function(e){" +
  "var r=document.getElementById('root');if(!r||!r.hasAttribute('data-prerendered')||window.__fieldlotReplaying)return;" +
  `var t=e.target&&e.target.closest?e.target.closest('${EARLY_TAP_SELECTOR}'):null;if(!t||!r.contains(t))return;` +
  'if(window.__fieldlotHydrated){if(h(t))return;e.preventDefault();e.stopPropagation();var n=0;(function w(){' +
  'if(h(t)||++n>600){window.__fieldlotReplaying=true;try{t.click()}finally{window.__fieldlotReplaying=false}}' +
  'else setTimeout(w,16)})();return}' +
  'e.preventDefault();e.stopPropagation();' +
  `q.push({el:t,i:Array.prototype.indexOf.call(r.querySelectorAll('${EARLY_TAP_SELECTOR}'),t)})},true);` +
  // Typing (and a choice in a select): what the field holds is remembered at each keystroke. Once the field is
  // hydrated (or, if React replaced it, the field with its id is), what was typed is handed to the app as one
  // event: the field's text if it still holds some, else the remembered text (a re-render before the hand-over
  // resets a controlled field to its state). A select's choice is always the remembered one, as hydration
  // selects the state's option. A value is set through React's value tracker to something else first, or React
  // would take the event as no change. The field waits up to a minute for a slow phone's script; an event the
  // app has had itself (the field hydrated) supersedes what was remembered.
  "function k(e){var r=document.getElementById('root'),t=e.target;" +
  "if(!r||!r.hasAttribute('data-prerendered')||!t||!r.contains(t)||!/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)||window.__fieldlotReplaying)return;" +
  "var s=t.tagName==='SELECT';if(s!==(e.type==='change'))return;" +
  'if(h(t)){t.__fieldlotText=undefined;return}t.__fieldlotText=t.value;if(t.__fieldlotTyped)return;' +
  't.__fieldlotTyped=1;var n=0;(function w(){var f=t.isConnected||!t.id?t:document.getElementById(t.id);' +
  'if(!f||!h(f)){if(++n<3750)setTimeout(w,16);else t.__fieldlotTyped=0;return}' +
  'setTimeout(function(){t.__fieldlotTyped=0;var m=t.__fieldlotText;if(m===undefined)return;t.__fieldlotText=undefined;' +
  "var v=!s&&f.value!==''?f.value:m,p=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f),'value');" +
  "f.value=v===''?' ':'';p.set.call(f,v);window.__fieldlotReplaying=true;" +
  "try{f.dispatchEvent(new Event(s?'change':'input',{bubbles:true}))}finally{window.__fieldlotReplaying=false}},16)})()}" +
  "document.addEventListener('input',k,true);document.addEventListener('change',k,true)})();";

/**
 * A page the server rendered for one request (decision 0058) paints before its scripts load: the server marks the
 * app's entry script and its module preloads inert (`data-after-paint`), and this script, inline in the head
 * beside the one above, starts them once the page has painted. On a phone's slow link the page's styles and
 * first photo then have the line to themselves, and the scripts' work no longer holds back the first paint; a tap
 * made meanwhile waits for them (above). Pages without the marks load as built.
 */
export const BOOT_AFTER_PAINT_SCRIPT =
  // The entry first, then its preloads two to a task: one task appending forty took a phone 100-150 ms, a tap
  // meanwhile waiting (decision 0061).
  "document.addEventListener('DOMContentLoaded',function(){var b=Array.prototype.slice.call(document.querySelectorAll('[data-after-paint]'));" +
  "if(!b.length)return;b.sort(function(x,y){return (y.tagName==='SCRIPT')-(x.tagName==='SCRIPT')});" +
  'requestAnimationFrame(function(){function s(){b.splice(0,2).forEach(function(e){var n;' +
  "if(e.tagName==='LINK'){n=document.createElement('link');n.rel='modulepreload';n.href=e.getAttribute('href')}" +
  "else{n=document.createElement('script');n.type='module';n.src=e.getAttribute('data-src')}" +
  "n.crossOrigin='';document.head.appendChild(n)});if(b.length)setTimeout(s,0)}setTimeout(s,0)})});";
