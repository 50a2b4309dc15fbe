import type { Gender } from '~/shared/constants';
import type { Locale } from '~/shared/locales';
import type { Random } from '../../platform/demo-people/avatar-traits';

/** A sentence that reads the same for everyone, or its `[woman, man]` forms where the language marks the writer's gender. */
type Sentence = string | [female: string, male: string];

/**
 * Sentence pools for demo members' about-me texts, per language: a demo
 * member's text joins two or three of them, each in the member's own
 * grammatical gender. Sentences that speak to the reader avoid gendering them.
 */
export const ABOUT_ME: Record<Locale, Sentence[]> = {
  en: [
    'I love long walks by the water and good coffee afterwards.',
    'Looking for someone who can make me laugh on a rainy Sunday.',
    'Weekends are for markets, live music and cooking for friends.',
    'I work hard, travel when I can and always say yes to dessert.',
    'Honest, curious and a little bit old-fashioned about first dates.',
    'Tell me about the last book that kept you up all night.',
    'Dog person, bad dancer, great listener.',
    'I would rather have a real conversation than a hundred likes.',
    'I grew up in a small town but fell in love with the city.',
    'A bit shy at first, then I never stop talking.',
    'Family and friends mean everything to me.',
  ],
  nl: [
    'Ik hou van lange wandelingen langs het water en daarna een goede koffie.',
    'Op zoek naar iemand die me aan het lachen maakt op een regenachtige zondag.',
    'Weekenden zijn voor markten, livemuziek en koken voor vrienden.',
    'Ik werk hard, reis wanneer het kan en zeg altijd ja tegen een toetje.',
    'Eerlijk, nieuwsgierig en een beetje ouderwets als het om eerste dates gaat.',
    'Vertel me over het laatste boek dat je wakker hield.',
    ['Hondenmens, slechte danseres, goede luisteraar.', 'Hondenmens, slechte danser, goede luisteraar.'],
    'Liever één echt gesprek dan honderd likes.',
    'Ik ben in een klein dorp opgegroeid, maar verliefd geworden op de stad.',
    'In het begin een beetje verlegen, daarna praat ik honderduit.',
    'Familie en vrienden betekenen alles voor me.',
  ],
  de: [
    'Ich liebe lange Spaziergänge am Wasser und danach einen guten Kaffee.',
    'Ich suche jemanden, der mich an einem verregneten Sonntag zum Lachen bringt.',
    'Wochenenden sind für Märkte, Livemusik und Kochen mit Freunden.',
    'Ich arbeite viel, reise, wann immer es geht, und sage nie Nein zum Nachtisch.',
    'Ehrlich, neugierig und beim ersten Date ein bisschen altmodisch.',
    'Erzähl mir von dem letzten Buch, das dich wach gehalten hat.',
    ['Hundemensch, schlechte Tänzerin, gute Zuhörerin.', 'Hundemensch, schlechter Tänzer, guter Zuhörer.'],
    'Lieber ein echtes Gespräch als hundert Likes.',
    'Ich bin in einer Kleinstadt aufgewachsen und habe mich in die Großstadt verliebt.',
    'Am Anfang etwas schüchtern, dann rede ich ohne Pause.',
    'Familie und Freunde bedeuten mir alles.',
  ],
  it: [
    'Adoro le lunghe passeggiate in riva al mare e poi un buon caffè.',
    'Cerco qualcuno che mi faccia ridere in una domenica di pioggia.',
    'Il fine settimana è per i mercatini, la musica dal vivo e cucinare per gli amici.',
    'Lavoro tanto, viaggio quando posso e non dico mai di no al dolce.',
    [
      'Sincera, curiosa e un po’ all’antica sui primi appuntamenti.',
      'Sincero, curioso e un po’ all’antica sui primi appuntamenti.',
    ],
    'Raccontami dell’ultimo libro che ti ha tolto il sonno.',
    [
      'Amante dei cani, pessima ballerina, ottima ascoltatrice.',
      'Amante dei cani, pessimo ballerino, ottimo ascoltatore.',
    ],
    'Meglio una vera conversazione che cento like.',
    [
      'Sono cresciuta in un piccolo paese, ma mi sono innamorata della città.',
      'Sono cresciuto in un piccolo paese, ma mi sono innamorato della città.',
    ],
    [
      'All’inizio sono un po’ timida, poi non smetto più di parlare.',
      'All’inizio sono un po’ timido, poi non smetto più di parlare.',
    ],
    'La famiglia e gli amici per me sono tutto.',
  ],
  fr: [
    'J’adore les longues promenades au bord de l’eau, puis un bon café.',
    'Je cherche quelqu’un qui me fasse rire un dimanche pluvieux.',
    'Le week-end, c’est marchés, concerts et cuisine entre amis.',
    'Je travaille beaucoup, je voyage dès que je peux et je ne refuse jamais un dessert.',
    [
      'Honnête, curieuse et un peu vieux jeu pour les premiers rendez-vous.',
      'Honnête, curieux et un peu vieux jeu pour les premiers rendez-vous.',
    ],
    'Parle-moi du dernier livre que tu as dévoré.',
    ['Fan de chiens, mauvaise danseuse, très bonne écoute.', 'Fan de chiens, mauvais danseur, très bonne écoute.'],
    'Une vraie conversation vaut mieux que cent likes.',
    [
      'J’ai grandi à la campagne, mais je suis tombée amoureuse de la ville.',
      'J’ai grandi à la campagne, mais je suis tombé amoureux de la ville.',
    ],
    'Un peu timide au début, ensuite je ne m’arrête plus de parler.',
    'Ma famille et mes amis comptent plus que tout.',
  ],
  es: [
    'Me encantan los paseos largos junto al agua y luego un buen café.',
    'Busco a alguien que me haga reír un domingo lluvioso.',
    'Los fines de semana son para mercadillos, música en directo y cocinar con amigos.',
    'Trabajo mucho, viajo cuando puedo y nunca digo que no al postre.',
    [
      'Sincera, curiosa y un poco anticuada con las primeras citas.',
      'Sincero, curioso y un poco anticuado con las primeras citas.',
    ],
    'Háblame del último libro que te quitó el sueño.',
    ['Amante de los perros, mala bailarina, buena oyente.', 'Amante de los perros, mal bailarín, buen oyente.'],
    'Prefiero una conversación de verdad a cien likes.',
    'Crecí en un pueblo pequeño, pero me enamoré de la ciudad.',
    [
      'Al principio soy un poco tímida, luego no paro de hablar.',
      'Al principio soy un poco tímido, luego no paro de hablar.',
    ],
    'Mi familia y mis amigos lo son todo para mí.',
  ],
  pl: [
    'Uwielbiam długie spacery nad wodą, a potem dobrą kawę.',
    'Szukam kogoś, kto rozśmieszy mnie w deszczową niedzielę.',
    'Weekendy są na targi, muzykę na żywo i gotowanie dla przyjaciół.',
    'Dużo pracuję, podróżuję, kiedy mogę, i nigdy nie odmawiam deseru.',
    [
      'Szczera, ciekawa świata i trochę staroświecka, jeśli chodzi o pierwsze randki.',
      'Szczery, ciekawy świata i trochę staroświecki, jeśli chodzi o pierwsze randki.',
    ],
    'Opowiedz mi o ostatniej książce, która nie dała ci zasnąć.',
    'Kocham psy, kiepsko tańczę, świetnie słucham.',
    'Wolę jedną prawdziwą rozmowę niż sto polubień.',
    [
      'Dorastałam w małym miasteczku, ale zakochałam się w dużym mieście.',
      'Dorastałem w małym miasteczku, ale zakochałem się w dużym mieście.',
    ],
    [
      'Na początku jestem trochę nieśmiała, potem nie przestaję mówić.',
      'Na początku jestem trochę nieśmiały, potem nie przestaję mówić.',
    ],
    'Rodzina i przyjaciele są dla mnie najważniejsi.',
  ],
};

/** The about-me sentences of a language in a gender's grammatical form. */
export function aboutMeSentences(language: Locale, gender: Gender): string[] {
  return ABOUT_ME[language].map((sentence) =>
    typeof sentence === 'string' ? sentence : sentence[gender === 'female' ? 0 : 1],
  );
}

/** A demo member's about-me text: two or three different sentences of their language, in their gender. */
export function aboutMeText(language: Locale, gender: Gender, random: Random): string {
  const pool = aboutMeSentences(language, gender);
  const count = random() < 0.5 ? 2 : 3;
  const chosen: string[] = [];
  while (chosen.length < count) {
    const sentence = pool[Math.floor(random() * pool.length)]!;
    if (!chosen.includes(sentence)) chosen.push(sentence);
  }
  return chosen.join(' ');
}
