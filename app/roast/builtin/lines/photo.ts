/* Body lines about the photo itself: its light, focus, size and framing. */
export type PhotoTrait = 'dark' | 'bright' | 'blurry' | 'tiny' | 'portrait';

export const PHOTO_LINES: Record<PhotoTrait, readonly string[]> = {
  dark: [
    'The photo is so dark I had to guess half of this build from the imagined sound of its fans.',
    'This shot goes for a moody, low-light aesthetic, or the camera flash is still in its box.',
    "This picture is darker than the final level of a horror game, and I'm not sure the build made it out in one piece.",
    "I've seen brighter photos taken during a power cut, so the PC will have to do its own lighting.",
    'Half of this build is hidden in shadow, which might be the smartest thing about the photo.',
    'The lighting in this shot is so dim that my own brightness slider is trying to help from here.',
    'The photo was clearly taken by the light of the monitor alone, which is a bold choice of studio lighting.',
    'In a shot this dark, every part of the build is on a strictly need-to-know basis.',
    'This picture has the lighting budget of a submarine on silent running.',
    'The camera did its best in the gloom, and its best was mostly shadows with a hint of case.',
    'I can make out a glow, a shape and a strong sense of mystery, which is more noir film than build photo.',
    'Somebody switched the lights off for atmosphere, and the atmosphere swallowed half the parts.',
  ],
  bright: [
    "The photo is so bright the PC looks like it's being beamed up by aliens.",
    'This picture is washed out like an old holiday photo, and the build is slowly fading into the light.',
    "The exposure here is set to 'supernova', so the finer details of this build are on a spiritual journey.",
    "So much light in this shot, the PC looks like it's about to be unveiled on a game show.",
    "I'd comment on the finer details, but the lighting has bleached them into abstract art.",
    'This photo is bright enough to give the RGB an inferiority complex.',
  ],
  blurry: [
    "The photo is so soft that I'm roasting half a PC and half a watercolour painting.",
    'This shot is so out of focus that my upscaler is crying quietly in the corner.',
    "Either the camera was moving or the build was vibrating from its fans, and I'm rooting for the fans.",
    'The blur in this picture is doing more anti-aliasing than any graphics setting ever could.',
    'This photo looks like it was taken mid-earthquake, which would explain a lot about the rest of this roast.',
    "With focus this soft, the PC looks like it's stuck in a permanent dream sequence.",
  ],
  tiny: [
    "This photo has about as many pixels as a retro game sprite, so I'm roasting partly from imagination.",
    'The resolution of this image is so low it could be rendered by a graphics card from a decade ago.',
    'Uploading a photo this small is a bold strategy, like streaming at 360p and calling it cinematic.',
    'I squinted at this thumbnail-sized photo so hard that my own pixels got tired.',
    'This picture is so low-res the PC looks like a screenshot from an early 3D game.',
    "With a photo this tiny, the build's best features are technically just rumours.",
  ],
  portrait: [
    'This photo was taken in portrait mode, because apparently the PC wanted to be a phone wallpaper.',
    'Shooting the build vertically gives it that social-media-story energy: perfect for thumbs, terrible for context.',
    'The portrait framing crops out the rest of the setup, which is either artistic or strategic.',
    'A vertical photo of a PC is a classic move: all tower, no desk, maximum mystery.',
    'Portrait orientation makes this rig look tall and slim, which is more than most cases can say for themselves.',
    "The build was photographed standing tall, as if it's measuring itself against the door frame.",
  ],
};
