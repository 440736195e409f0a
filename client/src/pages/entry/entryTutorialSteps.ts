import type { TutorialStep } from '../../components/tutorial/StepTutorialDialog.tsx';

/** The four steps of the data-entry tutorial (spec section 2). */
export const ENTRY_TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    title: 'Welcome to Data Entry',
    body: 'You will see a scanned paper form on one side and its digital form on the other. Type in what you read on the image, then press Submit Form.',
    tips: [
      'Zoom and rotate the image with the buttons above it.',
      'Press Help at any time to see the keyboard shortcuts.',
    ],
  },
  {
    title: 'Quality Through Multiple Entries',
    body: 'Several people may enter the same image. When enough entries agree, a field is verified: it turns green and is filled in for you.',
    tips: ['Type exactly what you see, even if it looks wrong.', 'Leave a field empty when the paper leaves it empty.'],
  },
  {
    title: 'Voting and Completion',
    body: 'If an image holds no data or cannot be read, vote instead of typing. Votes appear while the form is still empty. Enough votes complete the image.',
    tips: [
      'Mark as No Data: the form on the image is blank.',
      'Mark as Unreadable: the image is too blurred or damaged to read.',
    ],
  },
  {
    title: 'Ready to Start!',
    body: 'After each entry the next image that needs you opens by itself. Thank you for helping to digitize these records.',
    tips: ['Your entries count as soon as you submit them.'],
  },
];
