/** The two screens every e2e test runs on: a desktop and a phone. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const WIDTHS = { desktop: DESKTOP, phone: PHONE } as const;
