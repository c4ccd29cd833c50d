// Reader-facing texts of the layout modules shared by the build and the pages.
export const PARTS_UNAVAILABLE_TEXT = 'The parts catalogue is unavailable right now. Please try again later.';
