/**
 * rjsf's default widgets, none of them: renderer/registry.ts names every widget a definition may use (ui.schema.json
 * allows only those names), under rjsf's own default names too (`text`, `select`, `checkbox`...), so rjsf never falls
 * back to its own. A schema format without a widget of ours (`uri`, `date-time`) gets the text input.
 */
export default function widgets() {
  return {};
}
