/**
 * Where the client profile's form lives: steps/client-profile, the definition the server checks every client with.
 * The page draws it with the renderer and asks the engine for its errors; nothing here restates a field or a rule.
 */
import { flow } from 'virtual:steps';

/** The id of the client profile's definition: the form flow.json marks `"record": "client"`. */
const FORM = flow.forms?.find((f) => f.record === 'client')?.id ?? '';

/** What the profile page loads before it draws the form (see StepsGate). */
export const PROFILE_FORM = [FORM];
