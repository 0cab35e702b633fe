/** The colour families of home.css, given to the owner's slides and tiles in turn: a pale ground behind each. */
const TONES = ['saffron', 'rani', 'teal', 'terracotta', 'maroon', 'indigo', 'mehendi'] as const;

export const toneOf = (index: number) => `tone-${TONES[index % TONES.length]}`;
