import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('yesNo');
export default { title: 'Widgets/Yes or No', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
