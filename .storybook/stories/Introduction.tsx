/**
 * The Introduction page in the toolbar's language (docsLanguage.ts). Storybook's own screens (the sidebar, the
 * Controls and Interactions tabs) are English, and so are the stories' names (they are the URLs): the French page
 * names them as they show, in italics.
 */
import { LOCALES } from '../../app/i18n/language.ts';
import { useDocsLanguage } from '../docsLanguage.ts';

function English() {
  return (
    <>
      <h1>Insure Wizard for designers</h1>
      <p>
        Every screen of the screening, drawn by the same renderer, engine and stylesheet (<code>app/theme.css</code>)
        the advisers use. Nothing here is drawn by hand: the steps come straight from their definitions in{' '}
        <code>steps/</code>. The toolbar&apos;s <strong>Language</strong> draws the stories and the docs pages in
        English or French.
      </p>
      <h2>Steps</h2>
      <p>
        Each step of the screening is under <strong>Steps</strong>, numbered in flow order (forms outside the screening,
        such as the client profile, are under <strong>Forms</strong>). Every step has:
      </p>
      <ul>
        <li>
          <strong>Docs</strong> — its place in the flow (with the flow diagram), every field (label, type, options,
          default, when it shows) and every rule in plain words (error messages, computed values, clearing, effects,
          changing texts).
        </li>
        <li>
          <strong>Empty</strong> — the step before anything is typed.
        </li>
        <li>
          <strong>All errors shown</strong> — the empty step after a refused Next, with every message next to its field
          and in the alert block at the top.
        </li>
        <li>
          <strong>Fill one, clear another</strong> — an interaction, replayed in the <em>Interactions</em> tab: a
          required field is filled, another is cleared, Next is pressed and the step&apos;s own message appears.
        </li>
        <li>
          <strong>One story per example</strong> — each file in <code>steps/&lt;step&gt;/examples/</code> (owner as
          insured 1, joint insureds, a corporation; beneficiaries with minors and trustees; and so on).
        </li>
      </ul>
      <p>
        The forms are live: type, pick and press <strong>Next</strong> or <strong>Save</strong> as an adviser would
        (nothing is sent anywhere). In the <em>Controls</em> tab, <code>page</code> shows one sub-page of a step,{' '}
        <code>showErrors</code> shows every error, and <code>data</code> holds the whole application&apos;s answers —
        edit it to try another case.
      </p>
      <p>A new step or a new example file shows up here by itself: there is no story to write.</p>
      <h2>Widgets and app pieces</h2>
      <p>
        <strong>Widgets</strong> shows each input of the renderer (text, money, phone, postal code, SIN parts, dates,
        selects, radios, yes/no, checkboxes, toggle and choice buttons, lookups, read-only values, notes, lists) empty,
        filled, with its error and read-only. <strong>App</strong> shows the shared pieces of the adviser app: the nav,
        the client table (with its row menu, delete dialog and toast), the delete dialog, the toast and the status
        badges.
      </p>
    </>
  );
}

function French() {
  return (
    <>
      <h1>Insure Wizard pour les designers</h1>
      <p>
        Chaque écran de l’évaluation, dessiné par le même moteur de rendu, le même moteur de règles et la même feuille
        de style (<code>app/theme.css</code>) que ceux des conseillers. Rien n’est dessiné à la main ici&nbsp;: les
        étapes viennent tout droit de leurs définitions dans <code>steps/</code>. Le menu <strong>Language</strong> de
        la barre d’outils dessine les stories et les pages de documentation en anglais ou en français. Les écrans de
        Storybook lui-même et les noms des stories (qui sont leurs adresses) restent en anglais.
      </p>
      <h2>Les étapes</h2>
      <p>
        Chaque étape de l’évaluation se trouve sous <strong lang={LOCALES.en}>Steps</strong>, numérotée dans l’ordre du
        parcours (les formulaires hors de l’évaluation, comme le profil du client, sont sous{' '}
        <strong lang={LOCALES.en}>Forms</strong>). Chaque étape a&nbsp;:
      </p>
      <ul>
        <li>
          <strong lang={LOCALES.en}>Docs</strong> — sa place dans le parcours (avec le diagramme du parcours), chacun de
          ses champs (libellé, type, choix, valeur par défaut, quand il s’affiche) et chacune de ses règles en clair
          (messages d’erreur, valeurs calculées, champs vidés, effets, textes qui changent).
        </li>
        <li>
          <strong lang={LOCALES.en}>Empty</strong> — l’étape avant toute saisie.
        </li>
        <li>
          <strong lang={LOCALES.en}>All errors shown</strong> — l’étape vide après un Suivant refusé, chaque message à
          côté de son champ et dans le bloc d’alerte en haut.
        </li>
        <li>
          <strong lang={LOCALES.en}>Fill one, clear another</strong> — une interaction, rejouée dans l’onglet{' '}
          <em lang={LOCALES.en}>Interactions</em>&nbsp;: un champ obligatoire est rempli, un autre est vidé, on appuie
          sur Suivant et le message propre à l’étape s’affiche.
        </li>
        <li>
          <strong>Une story par exemple</strong> — chaque fichier de <code>steps/&lt;step&gt;/examples/</code>{' '}
          (titulaire qui est la personne à assurer 1, personnes à assurer conjointes, une société&nbsp;; bénéficiaires
          mineurs et fiduciaires&nbsp;; et ainsi de suite). Leurs noms et leurs descriptions sont des notes de l’équipe
          produit, en anglais.
        </li>
      </ul>
      <p>
        Les formulaires fonctionnent&nbsp;: saisissez, choisissez et appuyez sur <strong>Suivant</strong> ou{' '}
        <strong>Enregistrer</strong> comme le ferait un conseiller (rien n’est envoyé). Dans l’onglet{' '}
        <em lang={LOCALES.en}>Controls</em>, <code>page</code> montre une sous-page d’une étape, <code>showErrors</code>{' '}
        montre toutes les erreurs et <code>data</code> contient toutes les réponses de la proposition — modifiez-le pour
        essayer un autre cas.
      </p>
      <p>Une nouvelle étape ou un nouveau fichier d’exemple apparaît ici de lui-même&nbsp;: aucune story à écrire.</p>
      <h2>Les composants et les pièces de l’application</h2>
      <p>
        <strong lang={LOCALES.en}>Widgets</strong> montre chaque champ du moteur de rendu (texte, montant, téléphone,
        code postal, NAS en trois parties, dates, listes déroulantes, boutons radio, oui/non, cases à cocher, bascules
        et boutons de choix, recherches, valeurs en lecture seule, notes, listes) vide, rempli, avec son erreur et en
        lecture seule. <strong lang={LOCALES.en}>App</strong> montre les pièces communes de l’application des
        conseillers&nbsp;: la navigation, le tableau des clients (avec son menu de ligne, sa fenêtre de suppression et
        son message), la fenêtre de suppression, le message et les pastilles d’état.
      </p>
    </>
  );
}

/** The Introduction, in the toolbar's language. */
export function Introduction() {
  const language = useDocsLanguage();
  return <div lang={LOCALES[language]}>{language === 'fr' ? <French /> : <English />}</div>;
}
