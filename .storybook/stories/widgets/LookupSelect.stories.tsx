import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('lookupSelect');
export default { title: 'Widgets/Lookup select', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
