import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('textarea');
export default { title: 'Widgets/Textarea', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
