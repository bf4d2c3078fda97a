import type { Language } from "@/db/enums";

// The language an answer is written in (docs/leads-and-chat.md, "The answer's language"): the question's
// own when its words say it plainly, else the language the caller named (the chat page sends its own,
// which is the user's saved language when there is one), else English, the API's language, as before
// the caller could name one. The fixed
// sentences of an answer are in the table below, one per language, as the API answers callers that have
// no message catalog.

/** Short words that occur in nearly every question of one language and almost never in the other. */
const MARKER_WORDS: Record<Language, ReadonlySet<string>> = {
  es: new Set(
    "al cual cuales cuando cuanto cuanta cuantos cuantas como con de del donde el esta estan es hay la las los mi mis para pero por puede puedo que quien se si sin su sus tengo tiene una y".split(
      " ",
    ),
  ),
  en: new Set(
    "after and any are before can could did do does for from has have how in is it my of on should that the there this to was what when where which who why will with would your".split(
      " ",
    ),
  ),
};

/** Spanish spelling: an accented vowel, ñ or ü, or an opening ¿ or ¡. Each counts as much as two words. */
const SPANISH_SPELLING = /[áéíóúñü¿¡]/i;

/** The question's language when its words say it; null when they do not (a tie, or no marker at all). */
export function languageOfText(text: string): Language | null {
  const words = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z]+/);
  const score = (language: Language) => words.filter((word) => MARKER_WORDS[language].has(word)).length;
  const spanish = score("es") + (SPANISH_SPELLING.test(text) ? 2 : 0);
  const english = score("en");
  if (spanish === english) return null;
  return spanish > english ? "es" : "en";
}

/** The language of the answer to `question`: its own, else the caller's `requested` one, else English. */
export function answerLanguageOf(question: string, requested?: Language): Language {
  return languageOfText(question) ?? requested ?? "en";
}

/** The answer when the company's documents hold nothing about the question. */
export const NOT_IN_KNOWLEDGE: Record<Language, string> = {
  en: "I could not find this in the company's documents, so I cannot answer it. Please ask an adviser, or add the document that covers it to the knowledge library.",
  es: "No encontré esto en los documentos de la empresa, así que no puedo responderlo. Pregunta a un asesor, o agrega a la biblioteca de conocimiento el documento que lo trate.",
};

/** The line of the model's instructions that names the answer's language, whatever the fragments' language. */
export const ANSWER_IN: Record<Language, string> = {
  en: "Write the answer in English, even when the fragments are in another language.",
  es: "Write the answer in Spanish (español), even when the fragments are in another language.",
};

/** How an answer made of quoted sentences (no model) names the documents it quotes. */
export const QUOTED_FROM: Record<Language, (titles: string) => string> = {
  en: (titles) => `From ${titles}:`,
  es: (titles) => `Según ${titles}:`,
};
