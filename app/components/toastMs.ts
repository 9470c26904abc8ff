/**
 * How long a toast or success notice stays: 3 seconds (spec 1, section 9). A module of its own: the wizard times its
 * saved notice with it and draws no toast, so a step does not load the toast's component for a number.
 */
export const TOAST_MS = 3000;
