/** The checkout's choice of how to pay, and the screen the buyer comes back to from Vipps. */
export const paymentChoice = {
  legend: 'Hvordan vil du betale?',
  providers: {
    vipps: { label: 'Vipps', hint: 'Godkjenn i Vipps-appen. Trekkes automatisk hver periode til du sier opp.' },
    stripe: { label: 'Kort', hint: 'Visa eller Mastercard, på Stripes sikre betalingsside.' },
    test: { label: 'Testbetaling', hint: 'Ingenting trekkes.' },
  },
  payWith: { vipps: 'Betal med Vipps', stripe: 'Betal med kort', test: 'Bekreft og betal' },
  returned: {
    waitingTitle: 'Venter på svar fra Vipps …',
    waitingText: 'Du er tilbake fra Vipps. Vi venter på at betalingen blir bekreftet – det tar som regel bare noen sekunder.',
    failedTitle: 'Betalingen gikk ikke gjennom',
    failedText: 'Avtalen ble ikke godkjent i Vipps, og ingenting er trukket. Du kan prøve igjen, med Vipps eller kort.',
    expiredTitle: 'Avtalen ble ikke godkjent i tide',
    expiredText: 'Du godkjente ikke avtalen i Vipps før den gikk ut, så ingenting er trukket. Prøv gjerne igjen.',
    tryAgain: 'Prøv igjen',
  },
} as const;
