import type { Locale } from '../../../shared/locales';

/**
 * Sentence pools for demo members' about-me texts, per language: a demo
 * member's text joins two or three of them.
 */
export const ABOUT_ME: Record<Locale, string[]> = {
  en: [
    'I love long walks by the water and good coffee afterwards.',
    'Looking for someone who can make me laugh on a rainy Sunday.',
    'Weekends are for markets, live music and cooking for friends.',
    'I work hard, travel when I can and always say yes to dessert.',
    'Honest, curious and a little bit old-fashioned about first dates.',
    'Tell me about the last book that kept you up all night.',
    'Dog person, bad dancer, great listener.',
    'I would rather have a real conversation than a hundred likes.',
  ],
  nl: [
    'Ik hou van lange wandelingen langs het water en daarna een goede koffie.',
    'Op zoek naar iemand die me aan het lachen maakt op een regenachtige zondag.',
    'Weekenden zijn voor markten, livemuziek en koken voor vrienden.',
    'Ik werk hard, reis wanneer het kan en zeg altijd ja tegen een toetje.',
    'Eerlijk, nieuwsgierig en een beetje ouderwets als het om eerste dates gaat.',
    'Vertel me over het laatste boek dat je wakker hield.',
    'Hondenmens, slechte danser, goede luisteraar.',
    'Liever één echt gesprek dan honderd likes.',
  ],
  de: [
    'Ich liebe lange Spaziergänge am Wasser und danach einen guten Kaffee.',
    'Ich suche jemanden, der mich an einem verregneten Sonntag zum Lachen bringt.',
    'Wochenenden sind für Märkte, Livemusik und Kochen mit Freunden.',
    'Ich arbeite viel, reise, wann immer es geht, und sage nie Nein zum Nachtisch.',
    'Ehrlich, neugierig und beim ersten Date ein bisschen altmodisch.',
    'Erzähl mir von dem letzten Buch, das dich wach gehalten hat.',
    'Hundemensch, schlechter Tänzer, gute Zuhörerin.',
    'Lieber ein echtes Gespräch als hundert Likes.',
  ],
  it: [
    'Adoro le lunghe passeggiate sull’acqua e poi un buon caffè.',
    'Cerco qualcuno che mi faccia ridere in una domenica di pioggia.',
    'Il fine settimana è per i mercatini, la musica dal vivo e cucinare per gli amici.',
    'Lavoro tanto, viaggio quando posso e non dico mai di no al dolce.',
    'Sincera, curiosa e un po’ all’antica sui primi appuntamenti.',
    'Raccontami dell’ultimo libro che ti ha tenuto sveglio tutta la notte.',
    'Amante dei cani, pessimo ballerino, ottimo ascoltatore.',
    'Meglio una vera conversazione che cento like.',
  ],
  fr: [
    'J’adore les longues promenades au bord de l’eau, puis un bon café.',
    'Je cherche quelqu’un qui me fasse rire un dimanche pluvieux.',
    'Le week-end, c’est marchés, concerts et cuisine entre amis.',
    'Je travaille beaucoup, je voyage dès que je peux et je ne refuse jamais un dessert.',
    'Honnête, curieuse et un peu vieux jeu pour les premiers rendez-vous.',
    'Parle-moi du dernier livre qui t’a empêché de dormir.',
    'Fan de chiens, mauvais danseur, très bonne écoute.',
    'Une vraie conversation vaut mieux que cent likes.',
  ],
  es: [
    'Me encantan los paseos largos junto al agua y luego un buen café.',
    'Busco a alguien que me haga reír un domingo lluvioso.',
    'Los fines de semana son para mercadillos, música en directo y cocinar con amigos.',
    'Trabajo mucho, viajo cuando puedo y nunca digo que no al postre.',
    'Sincera, curiosa y un poco anticuada con las primeras citas.',
    'Cuéntame el último libro que te quitó el sueño.',
    'Amante de los perros, mal bailarín, buen oyente.',
    'Prefiero una conversación de verdad a cien likes.',
  ],
  pl: [
    'Uwielbiam długie spacery nad wodą, a potem dobrą kawę.',
    'Szukam kogoś, kto rozśmieszy mnie w deszczową niedzielę.',
    'Weekendy są na targi, muzykę na żywo i gotowanie dla przyjaciół.',
    'Dużo pracuję, podróżuję, kiedy mogę, i nigdy nie odmawiam deseru.',
    'Szczera, ciekawa świata i trochę staroświecka, jeśli chodzi o pierwsze randki.',
    'Opowiedz mi o ostatniej książce, przez którą nie spałeś całą noc.',
    'Kocham psy, kiepsko tańczę, świetnie słucham.',
    'Wolę jedną prawdziwą rozmowę niż sto polubień.',
  ],
};
