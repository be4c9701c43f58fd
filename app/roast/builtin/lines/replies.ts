/*
 * RoastBot's answers to a comment, by what the comment is about. Lines may name
 * the build's parts (`{gpu}`, `{cpu}`, `{cooler}`, `{case}`) or title (`{title}`);
 * the composer fills in a plain word ("graphics card", "this build") when unknown.
 */
export type ReplyTopic =
  'gpu' | 'cpu' | 'cooling' | 'rgb' | 'cables' | 'case' | 'price' | 'photo' | 'question' | 'thanks' | 'praise' | 'pushback' | 'general';

export const REPLY_LINES: Record<ReplyTopic, readonly string[]> = {
  gpu: [
    'Defending the {gpu}, I see. Loyalty is admirable, but the card can speak for itself, mostly through fan noise.',
    "The {gpu} is doing fine, I'm sure, and I'm also sure it would like a quiet word about that airflow.",
    "Fair point about the {gpu}. It's a great card, and I only roast the ones that can take it.",
    'Look, the {gpu} and I have an understanding: it pushes the frames, I push the jokes.',
  ],
  cpu: [
    'The {cpu} is a fine chip, and I stand by my roast the way it stands by its boost clocks.',
    "You make a strong case for the {cpu}, and I'll make an equally strong case for a better cooler.",
    "I have nothing against the {cpu}; it's the lonely main thread I worry about, stuck doing all the work.",
    'Respect for sticking up for the {cpu}. Processors rarely get fans, apart from the ones bolted on top.',
  ],
  cooling: [
    'Temperatures are a sensitive topic, I know. The {cooler} is trying its best, and so am I.',
    'If the temps are as good as you say, the {cooler} deserves a raise and I deserve a benchmark screenshot.',
    "Cooling talk, my favourite. Keep that {cooler} dusted and I'll keep my jokes at a safe temperature.",
    'I believe you about the temps. I also believe in dust, and dust believes in every fan it meets.',
  ],
  rgb: [
    "The RGB is not the problem, the RGB is the personality. I'd never ask for it off, only down a notch.",
    'Everyone knows RGB adds frames, so technically this build is faster than I gave it credit for.',
    'I respect the lighting choices here. My optical sensors are still recovering, but I respect them deeply.',
    "More RGB is always the answer, except when the question is 'can anyone see the parts?'",
  ],
  cables: [
    'Cable management is a journey, not a destination, and this build has stopped for snacks at the first rest stop.',
    "I'll take your word on the cables. The back panel keeps its secrets, and so do I.",
    'Tidy cables are an art form, and every artist has a messy studio behind the canvas.',
    'If those cables are as clean as you say, a photo of the back panel would settle this once and for all.',
  ],
  case: [
    'The {case} is a great home for this build, and every home has a room nobody is allowed to see.',
    "No disrespect meant to the {case}. It's the contents I'm gently roasting, and only because I care.",
    'I like the {case}, honestly, which is exactly why I hold the components to a higher standard.',
    "The {case} can stay, the case always stays. It's the fans that have to earn their place.",
  ],
  price: [
    'Every build costs exactly what it was worth to its owner, and this one was clearly worth a lot of skipped takeaways.',
    "Prices are a painful topic for all of us. Let's just say this build was money well spent, mostly.",
    "I don't judge budgets, I judge airflow, and the airflow budget on this build looks perfectly healthy.",
    'The wallet has healed, the build is done and the roast was free. Everybody wins in the end.',
  ],
  photo: [
    "Photography is hard and PCs never hold still. Next time, more light, and I'll roast in higher resolution.",
    'A better photo would only give me more material, so maybe keeping this one was the smart move.',
    'The photo did its best, and so did I, given the lighting conditions we were both working with.',
    "I roast what the camera shows me. Show me more and I'll roast more, in full HD this time.",
  ],
  question: [
    'Good question! The honest answer is that {title} is a solid machine, and the roast is just my way of saying hello.',
    'Great question. Short answer: keep the drivers updated, the dust away and the RGB exactly as bright as you like.',
    'Happy to answer: the {gpu} is the heart of this build, and everything else is just there to keep it company.',
    "If you're asking what I'd upgrade first, I'd start with the cooling and finish with a better photo for my next roast.",
  ],
  thanks: [
    "You're very welcome, {title} was a pleasure to roast, and I mean that in the warmest, most thermal way.",
    'Anytime. Roasting builds like this one is the highlight of my uptime, so thank you for feeding the queue.',
    'Thanks for taking it so well. The build deserves its spot in the gallery, and its owner deserves great frames.',
    "Glad you enjoyed it! I'll be here all week, roasting rigs, praising airflow and judging thermal paste.",
  ],
  praise: [
    "Agreed, it's a lovely build, which is exactly why I had to roast it. Only the good ones get the full treatment.",
    'See, even the comment section likes it. My roast was just the balancing patch this build needed.',
    "High praise all round. I'll lower my roast difficulty from ultra to high for this one, as a treat.",
    "Nice, isn't it? I roast because I care, and also because the RGB told me to.",
  ],
  pushback: [
    "Bold move, roasting the roaster. I'll allow it, because the build gave me plenty of material and so did this comment.",
    'Fair, maybe I was harsh. But a build this confident can handle a little friendly fire between teammates.',
    'I hear you, and I respect the defence. The roast stands, but the build stays firmly in my good books.',
    'Noted for the record. The court of RigRoast will consider your appeal after one more benchmark run.',
  ],
  general: [
    'I see your comment and raise you one more look at {title}. Still roastable, still lovable, still glowing.',
    "Noted! I've added that to the build's file, right next to the thermal readings and the fan curve.",
    'Interesting take. The build and I will discuss it later over a nice relaxing dust filter cleaning.',
    "Appreciate you stopping by. Every comment makes this build's fans spin just a little bit faster.",
  ],
};

/** A short tail that sometimes follows the reply. */
export const REPLY_SIGNOFFS: readonly string[] = [
  'Stay frosty.',
  'Keep those frames high.',
  'See you in the next roast.',
  'No hard feelings, only hard tubing.',
  'May your temps stay low.',
  'Now back to gaming.',
  'The roast remains hot.',
  'Over and out.',
  'Catch you in the gallery.',
  'Fans at full speed, always.',
  'GG, well played.',
  'Respectfully, the roast department.',
];

/** The joke after a straight answer: it follows any answer, so it names nothing. */
export const ANSWER_JOKES: readonly string[] = [
  'The roast still stands, of course.',
  'You are welcome; the jokes were free, the facts cost extra.',
  'Now back to roasting it.',
  'I checked twice, which is more than the cable ties got.',
  'Science done, sarcasm resumes.',
  'That is the serious bit over with.',
  'Frames do not lie, unlike RGB.',
  'Ask me anything, except to go easy on it.',
  'Hardware facts first, hardware jokes after.',
  'Consider that my one sincere sentence of the day.',
  'The fans agree, loudly.',
  'Glad to help, reluctantly.',
];
