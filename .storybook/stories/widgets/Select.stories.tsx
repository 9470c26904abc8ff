import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('select');
export default { title: 'Widgets/Select', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
