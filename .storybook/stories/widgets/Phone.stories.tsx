import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('phone');
export default { title: 'Widgets/Phone', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
