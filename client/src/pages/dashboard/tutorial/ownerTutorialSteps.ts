import type { TutorialStep } from '../../../components/tutorial/StepTutorialDialog.tsx';

/** The six steps of the form owner's tutorial (spec section 2): welcome, upload, build, share, data entry, complete. */
export const OWNER_TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    title: 'Welcome to Formscribe!',
    body: 'Formscribe turns stacks of paper forms into clean, verified data. This short tour shows how a project runs from start to finish.',
    tips: ['It takes about a minute.', 'You can skip it at any time.'],
  },
  {
    title: 'Upload Your Form Images',
    body: 'Open the Images tab of your form and upload photos or scans of the paper forms. JPG, PNG, HEIC, WebP and AVIF are accepted; HEIC, WebP and AVIF are converted automatically.',
    tips: [
      'Select many files at once; they upload one after another.',
      'Every image gets a number so you can find it again.',
    ],
  },
  {
    title: 'Build Your Digital Form',
    body: 'In the Fields tab, add a field for every box on the paper form: text, numbers, dates, choices and more. Changes save automatically.',
    tips: [
      'Use Preview to compare the digital form with an image.',
      'Set a verification threshold in Settings to require matching entries.',
    ],
  },
  {
    title: 'Share With Contributors',
    body: 'Create an invite link from the Actions menu and send it to the people who will type in the data. They sign in and start right away.',
    tips: ['Links can expire.', 'You can block a contributor at any time.'],
  },
  {
    title: 'Data Entry and Verification',
    body: 'Contributors see an image beside the digital form and type in what they read. When enough entries agree, a field is verified.',
    tips: ['Images that hold no data or cannot be read can be voted out.', 'Track progress on your form page.'],
  },
  {
    title: "You're All Set!",
    body: 'Upload images, build the form, share the link, and watch the verified data come in. Export it as CSV whenever you like.',
    tips: ['Settings holds your logo, webhook and verification threshold.'],
  },
];
