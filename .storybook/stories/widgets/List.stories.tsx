import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('list');
export default { title: 'Widgets/List (add and remove)', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
