import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('choiceButtons');
export default { title: 'Widgets/Choice buttons', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
