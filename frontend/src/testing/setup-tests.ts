import '@testing-library/jest-dom/jest-globals';
import { afterEach } from '@jest/globals';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

import { resetQueryClient } from '../lib/query-provider.js';

// jsdom lacks the TextEncoder react-router needs at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// A lazy route's first import compiles its module graph, which takes seconds on a busy 2-core CI machine; the
// default 1 s wait for a screen to appear fails there though nothing is wrong (5 s did too, under other runs).
configure({ asyncUtilTimeout: 10_000 });
// jsdom does not implement scrolling; a new public page scrolls to its top (app/routes/public-site.tsx).
window.scrollTo = () => {};
// jsdom does not expose structuredClone; the admin chart's pointer gestures clone their options with it.
globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;

// Whenever a computed style is asked for (a query by role asks for one per candidate), jsdom matches every style
// rule against the element and each of its ancestors, and its selector engine tries a :has() condition first,
// searching the element's subtree anew each time: MUI's NativeSelect brings three such rules, which took a quarter
// of the time of a screen's tests with a native select (8% of all web tests' CPU). They set nothing but custom
// properties (--_caret, --_endAdornment), which jsdom's computed styles never use, so such rules are left out of
// jsdom's style sheets; every other rule goes in as the app inserts it.
const SETS_ONLY_CUSTOM_PROPERTIES_UNDER_HAS = /^[^{]*:has\([^{]*\{(\s*--[\w-]+\s*:[^;{}]*;)+\s*\}$/;
const insertRule = CSSStyleSheet.prototype.insertRule;
CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
  if (SETS_ONLY_CUSTOM_PROPERTIES_UNDER_HAS.test(rule)) return index ?? this.cssRules.length;
  return insertRule.call(this, rule, index);
};

// The app's QueryClient is shared by the areas that use it, for as long as the page lives; each test gets a
// new one. (Testing Library's own afterEach, registered when it was imported, has unmounted the app by now.)
afterEach(resetQueryClient);

// Jest's ESM loader throws "request for ... is not in cache" when a lazy layout and its lazy child import a
// module neither has loaded yet at the same moment (browsers do not). Loading the signed-in layouts first
// leaves the two nothing to race on.
await import('../app/routes/dashboard/layout.js');
await import('../app/routes/admin/layout.js');
