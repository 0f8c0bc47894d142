/**
 * The popup sign-in's hand-off (spec §2: an Apple-style callback in a popup redirects the opener and closes): the
 * channel the opening page listens on, and the query flag of the URL the popup hands over.
 */
export const POPUP_CHANNEL = 'tpa';
export const POPUP_DONE = 'popupDone';
