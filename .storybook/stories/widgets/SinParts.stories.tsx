import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('sinPart');
export default { title: 'Widgets/SIN parts', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
