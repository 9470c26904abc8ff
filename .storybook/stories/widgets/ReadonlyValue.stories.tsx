import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('readonly');
export default { title: 'Widgets/Read-only value', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
