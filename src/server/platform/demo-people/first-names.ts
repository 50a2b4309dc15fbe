import type { Gender } from '~/shared/constants';
import type { Locale } from '~/shared/locales';
import type { Random } from './avatar-traits';

/** Members under this age get today's names; older members their generation's. */
export const OLDER_NAMES_FROM_AGE = 40;

type Generations = { young: string[]; older: string[] };
const list = (names: string): string[] => names.split(' ');

/**
 * Common first names per language, by sex and generation, so demo members,
 * lander cards and demo performers carry names real people have: never a
 * surname, an archaic saint's name or a word taken for a name.
 */
export const FIRST_NAMES: Record<Locale, Record<Gender, Generations>> = {
  en: {
    female: {
      young: list(
        'Emma Olivia Sophie Emily Chloe Grace Lily Hannah Jessica Amelia Ella Isla Charlotte Lucy Megan Holly Abigail Zoe Ava Mia Ruby Madison Natalie Rachel Lauren Katie Bethany Amy Harriet Freya',
      ),
      older: list(
        'Susan Karen Linda Julie Sarah Helen Alison Deborah Catherine Elizabeth Margaret Patricia Nicola Amanda Claire Joanne Angela Jane Carol Diane Lisa Michelle Tracy Fiona Heather Paula Wendy Kathryn Gillian Barbara',
      ),
    },
    male: {
      young: list(
        'James Oliver Jack Harry Thomas William Daniel Matthew Ethan Joshua Ryan Liam Noah Samuel Alex Connor Luke Nathan Dylan Jacob Tyler Callum Owen Benjamin Joseph Adam Lewis Max Henry Jake',
      ),
      older: list(
        'David John Michael Paul Mark Richard Andrew Stephen Peter Robert Steven Gary Kevin Brian Martin Simon Ian Neil Anthony Christopher Philip Graham Timothy Keith Alan Colin Jeffrey Douglas Kenneth Roger',
      ),
    },
  },
  nl: {
    female: {
      young: list(
        'Emma Sophie Julia Lisa Anna Sanne Fleur Lotte Eva Iris Femke Noor Lieke Roos Sara Laura Esmee Britt Maud Isa Tess Nina Anouk Demi Lynn Fenna Zoë Amber Floor Merel',
      ),
      older: list(
        'Marieke Ingrid Monique Annemarie Petra Anja Karin Mirjam Marjolein Esther Ellen Wilma Yvonne Joke Marian Saskia Linda Hanneke Ria Margreet Els Carla Sandra Astrid Jolanda Gerda Ans Anita Patricia Nicole',
      ),
    },
    male: {
      young: list(
        'Daan Sem Lucas Milan Levi Thijs Jesse Bram Lars Ruben Stijn Tim Luuk Sven Niels Thomas Jasper Koen Mees Finn Julian Max Sander Joris Rick Wouter Bas Dennis Jeroen Vincent',
      ),
      older: list(
        'Jan Peter Hans Kees Marco Erik Frank Gerard Henk Rob Johan Martin Paul Ronald Willem Bert Arjan Dirk Richard Edwin Mark Michiel Remco Ruud Jos Wim Theo Pieter Harm Bart',
      ),
    },
  },
  de: {
    female: {
      young: list(
        'Lena Anna Laura Lea Julia Sophie Hannah Marie Lisa Sarah Katharina Johanna Leonie Emma Mia Clara Luisa Jana Paula Vanessa Franziska Carolin Anne Charlotte Nina Theresa Alina Lina Svenja Greta',
      ),
      older: list(
        'Sabine Petra Andrea Claudia Susanne Monika Birgit Karin Ute Gabriele Martina Heike Kerstin Stefanie Nicole Anja Silke Angelika Christine Renate Ursula Brigitte Bettina Doris Elke Ingrid Cornelia Manuela Tanja Daniela',
      ),
    },
    male: {
      young: list(
        'Lukas Leon Jonas Felix Maximilian Paul Tim Niklas Finn Jan Julian Moritz Tobias Philipp Florian Simon David Elias Jakob Noah Luca Fabian Sebastian Benedikt Johannes Marcel Dominik Kevin Nico Max',
      ),
      older: list(
        'Thomas Michael Andreas Stefan Frank Jürgen Uwe Klaus Peter Wolfgang Matthias Markus Christian Ralf Holger Bernd Dirk Jörg Rainer Martin Torsten Hans Manfred Volker Harald Detlef Dieter Karl Werner Axel',
      ),
    },
  },
  it: {
    female: {
      young: list(
        'Giulia Sofia Aurora Alice Ginevra Emma Giorgia Martina Chiara Sara Francesca Alessia Beatrice Greta Elena Noemi Anna Ludovica Camilla Matilde Valentina Federica Ilaria Arianna Elisa Marta Bianca Serena Silvia Eleonora',
      ),
      older: list(
        'Maria Anna Giuseppina Rosa Lucia Paola Patrizia Laura Daniela Antonella Roberta Cristina Barbara Monica Stefania Simona Manuela Gabriella Luisa Tiziana Cinzia Loredana Rita Grazia Franca Marina Donatella Carla Emanuela Raffaella',
      ),
    },
    male: {
      young: list(
        'Leonardo Francesco Alessandro Lorenzo Mattia Andrea Gabriele Riccardo Tommaso Edoardo Matteo Davide Federico Luca Marco Giacomo Simone Pietro Filippo Nicolò Samuele Michele Daniele Alessio Emanuele Stefano Christian Diego Jacopo Giovanni',
      ),
      older: list(
        'Giuseppe Giovanni Antonio Mario Luigi Francesco Angelo Vincenzo Pietro Salvatore Carlo Franco Domenico Bruno Paolo Sergio Roberto Massimo Maurizio Claudio Fabio Stefano Gianni Alberto Enrico Renato Giorgio Marco Piero Luciano',
      ),
    },
  },
  fr: {
    female: {
      young: list(
        'Emma Léa Chloé Manon Camille Inès Jade Louise Sarah Clara Lucie Julie Anaïs Pauline Marie Océane Laura Mathilde Juliette Charlotte Zoé Alice Lola Margaux Noémie Élise Justine Maëlle Romane Eva',
      ),
      older: list(
        'Nathalie Isabelle Sylvie Catherine Valérie Christine Sandrine Véronique Martine Françoise Anne Patricia Brigitte Corinne Monique Nicole Laurence Florence Dominique Chantal Hélène Sophie Caroline Pascale Agnès Béatrice Claire Élisabeth Muriel Céline',
      ),
    },
    male: {
      young: list(
        'Lucas Hugo Louis Nathan Gabriel Jules Arthur Léo Thomas Maxime Théo Antoine Alexandre Clément Quentin Romain Enzo Mathis Paul Baptiste Adrien Julien Nicolas Victor Raphaël Tom Benjamin Valentin Florian Kevin',
      ),
      older: list(
        'Philippe Jean Pierre Michel Alain Patrick Christophe Éric Laurent Thierry Stéphane Frédéric Pascal Olivier Bruno Didier Gérard Bernard Daniel Gilles Jacques Serge François Denis Hervé Marc Christian Vincent Jérôme Yves',
      ),
    },
  },
  es: {
    female: {
      young: list(
        'Lucía Sofía Martina María Paula Julia Daniela Valeria Alba Emma Carla Sara Noa Claudia Irene Laura Andrea Marta Elena Nerea Ainhoa Lorena Cristina Natalia Raquel Alicia Beatriz Patricia Silvia Ana',
      ),
      older: list(
        'María Carmen Ana Isabel Dolores Pilar Teresa Rosa Josefa Francisca Antonia Mercedes Concepción Manuela Lourdes Montserrat Rosario Mónica Inmaculada Elena Susana Yolanda Encarnación Nuria Begoña Esther Gloria Amparo Eva Margarita',
      ),
    },
    male: {
      young: list(
        'Hugo Martín Lucas Mateo Daniel Alejandro Pablo Álvaro Adrián David Diego Javier Sergio Marcos Carlos Iván Rubén Mario Jorge Víctor Raúl Alberto Óscar Iker Gonzalo Nicolás Samuel Marc Aitor Héctor',
      ),
      older: list(
        'Antonio José Manuel Francisco Juan Javier Jesús Miguel Rafael Pedro Ángel Fernando Luis Carlos Ramón Enrique Vicente Andrés Joaquín Alfonso Jorge Emilio Ignacio Salvador Tomás Agustín Julián Eduardo Alberto Ricardo',
      ),
    },
  },
  pl: {
    female: {
      young: list(
        'Zuzanna Julia Maja Zofia Hanna Lena Alicja Maria Amelia Oliwia Natalia Wiktoria Aleksandra Emilia Karolina Martyna Weronika Paulina Kinga Magdalena Agata Klaudia Joanna Dominika Patrycja Gabriela Marta Ewelina Justyna Monika',
      ),
      older: list(
        'Anna Maria Katarzyna Małgorzata Agnieszka Barbara Ewa Krystyna Elżbieta Zofia Teresa Danuta Jadwiga Grażyna Halina Irena Janina Beata Dorota Jolanta Bożena Renata Iwona Urszula Wanda Alina Marzena Mirosława Hanna Lucyna',
      ),
    },
    male: {
      young: list(
        'Jakub Kacper Szymon Filip Jan Antoni Mateusz Bartosz Michał Wojciech Kamil Piotr Dawid Adrian Patryk Mikołaj Łukasz Maciej Tomasz Krzysztof Damian Oskar Igor Hubert Dominik Marcin Paweł Adam Sebastian Konrad',
      ),
      older: list(
        'Andrzej Jan Piotr Krzysztof Stanisław Tomasz Paweł Józef Marek Michał Grzegorz Jerzy Tadeusz Adam Zbigniew Ryszard Dariusz Henryk Mariusz Kazimierz Wojciech Robert Mirosław Jacek Janusz Leszek Roman Waldemar Sławomir Czesław',
      ),
    },
  },
};

/**
 * A first name for a member of `language`, `gender` and `age`: mostly from the
 * member's generation, one in ten from the other one (names cross generations).
 */
export function firstNameFor(language: Locale, gender: Gender, age: number, random: Random): string {
  const names = FIRST_NAMES[language][gender];
  const own = age >= OLDER_NAMES_FROM_AGE ? names.older : names.young;
  const other = own === names.older ? names.young : names.older;
  const pool = random() < 0.9 ? own : other;
  return pool[Math.floor(random() * pool.length)]!;
}
