/**
 * The public entry of the information pages: what app/ and other features use of this folder; the rest
 * is the feature's own (eslint.config.js, WEB_FEATURE_DEPS). Re-exports only: nothing runs on
 * import, so a page takes only what it uses.
 */
export { AvisoPrivacidad } from './components/aviso-privacidad';
export { FaqList } from './components/faq-list';
export { LandingPage } from './components/landing-page';
export { PlanesView } from './components/planes-view';
export { faqItems, faqVideos } from './faq';
