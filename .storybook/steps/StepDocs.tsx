/**
 * A step's docs page, Storybook's "Docs" entry of the step: StepDocsBody in the toolbar's language, then the step's
 * stories, each described in that language (storyDescription.ts). Story names stay English: they are the sidebar's
 * and the URLs'. The page follows the toolbar (docsLanguage.ts): a change of language draws it again.
 */
import { useContext } from 'react';
import { DocsContext, DocsStory } from '@storybook/addon-docs/blocks';
import { LOCALES, type Language } from '../../app/i18n/language.ts';
import { useDocsLanguage } from '../docsLanguage.ts';
import { docsText } from './docsTexts.ts';
import { StepDocsBody } from './StepDocsBody.tsx';
import { storyDescription, type StepStoryRef } from './storyDescription.ts';

/** The step's stories as Storybook's Stories block draws them, with their descriptions in the page's language. */
function StepStories({ language }: { language: Language }) {
  const { componentStories } = useContext(DocsContext);
  const stories = componentStories().filter((story) => story.tags?.includes('autodocs') && !story.usesMount);
  if (!stories.length) return null;
  return (
    <>
      <h2>{docsText(language, 'stories')}</h2>
      {stories.map((story) => {
        const ref = story.parameters.stepStory as StepStoryRef | undefined;
        const description = ref ? storyDescription(ref, language) : undefined;
        return (
          <section key={story.id}>
            <h3 lang={LOCALES.en}>{story.name}</h3>
            {description ? <p lang={LOCALES[description.lang]}>{description.text}</p> : null}
            <DocsStory of={story.moduleExport} expanded={false} __forceInitialArgs />
          </section>
        );
      })}
    </>
  );
}

/** The docs page of one step. */
export function StepDocsPage({ stepId }: { stepId: string }) {
  const language = useDocsLanguage();
  return (
    <div lang={LOCALES[language]}>
      <StepDocsBody stepId={stepId} language={language} />
      <StepStories language={language} />
    </div>
  );
}
