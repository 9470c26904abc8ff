import { widgetStories } from './widgetStories.tsx';

const stories = widgetStories('postalCode');
export default { title: 'Widgets/Postal code', ...stories.meta };
export const Empty = stories.Empty;
export const Filled = stories.Filled;
export const WithError = stories.WithError;
export const ReadOnly = stories.ReadOnly;
