/** A setting the operator must change (a malformed variable, a port already taken): its message is the whole report, not a stack. */
export class SettingError extends Error {}
