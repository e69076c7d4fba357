// The bench's one median: the middle value (the upper one of an even count), as every pass reports it.

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median to a tenth, as the millisecond figures are printed. */
export const medianToTenth = (values) => Math.round(median(values) * 10) / 10;
