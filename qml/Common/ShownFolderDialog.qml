import QtQuick
import QtQuick.Dialogs

// Every folder picker of the app: the folder chosen is the one the dialog shows (currentFolder),
// and Open works in a folder without subfolders (an empty output folder, a model folder viewed
// from inside).
//
// Why Open was disabled there: Qt 6.4's non-native FolderDialog (qt/qtdeclarative v6.4.2,
// src/quickdialogs2/quickdialogs2quickimpl/qquickfolderdialogimpl.cpp) enables Open only while its
// selectedFolder is set (QQuickFolderDialogImplPrivate::updateEnabled), and on entering a folder
// sets it to the first subfolder, or to an empty URL where there is none (updateSelectedFolder);
// handleClick accepts only a valid selectedFolder. Setting FolderDialog.selectedFolder reaches
// that same property (QQuickFolderDialog::setSelectedFolder -> QQuickPlatformFolderDialog::
// selectFile -> QQuickFolderDialogImpl::setSelectedFolder, which calls updateEnabled), so a
// folder left with nothing selected gets the shown folder itself. Users read currentFolder on
// accepted: the highlighted subfolder is never what Open means here.
FolderDialog {
    id: dialog

    function selectShownFolderIfNone() {
        if (visible && String(selectedFolder) === "" && String(currentFolder) !== "")
            selectedFolder = currentFolder
    }
    // Entering a folder: Qt has already updated selectedFolder when currentFolderChanged comes.
    onCurrentFolderChanged: selectShownFolderIfNone()
    // Opening in a leaf folder enters no folder, so no currentFolderChanged.
    onVisibleChanged: selectShownFolderIfNone()
}
