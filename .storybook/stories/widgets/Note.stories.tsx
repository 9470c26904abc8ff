import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('note');
export default { title: 'Widgets/Note', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
