import Swal from 'sweetalert2';

/** The shell spec's colours (§4, §8, §9) as concrete values. */
export const REPORT_COLOURS = {
  /** Confirm button of "Report Generation Started". */
  successButton: '#28a745',
  /** Confirm button of "Something Went Wrong". */
  errorButton: '#343a40',
  /** The loading indicator while a report call runs. */
  spinner: '#d3d3d3',
} as const;

/** Texts of the popups, word for word from the shell spec §8. */
export const REPORT_TEXTS = {
  started: 'Report Generation Started',
  failed: 'Something Went Wrong',
} as const;

export const showReportStarted = () =>
  Swal.fire({
    icon: 'success',
    text: REPORT_TEXTS.started,
    confirmButtonColor: REPORT_COLOURS.successButton,
  });

export const showReportFailed = () =>
  Swal.fire({
    icon: 'error',
    title: '',
    text: REPORT_TEXTS.failed,
    confirmButtonColor: REPORT_COLOURS.errorButton,
  });
