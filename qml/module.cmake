# Facet.Ui: every view (QML, grouped by feature) and the C++ types QML uses, as one static
# library built as a QML module (docs/qt64-recipe.md). The executable links facet_uiplugin.
set(FACET_UI_QML
    Main.qml
    Common/Theme.qml
    Common/IconButton.qml
    Common/NoticeArea.qml
    Attachments/Levels.js
    Attachments/LevelPicker.qml
    Attachments/AttachmentChip.qml
    Attachments/AttachmentStrip.qml
    Attachments/DropOverlay.qml
    Attachments/ModelViewPopup.qml
    Chat/ChatView.qml
    Chat/UserMessage.qml
    Chat/ReplyMessage.qml
    Chat/ReplyStats.qml
    Chat/MarkdownBlocks.qml
    Chat/BranchSwitcher.qml
    Chat/Composer.qml
    Conversations/Sidebar.qml
    Conversations/ChatListItem.qml
    Settings/StatusBar.qml
    Settings/SettingsDialog.qml)
set_source_files_properties(Common/Theme.qml PROPERTIES QT_QML_SINGLETON_TYPE TRUE)

qt_add_library(facet_ui STATIC)
# NO_CACHEGEN: compiling QML to C++ costs minutes on the 2-core build machines; the files are
# small and load quickly from resources.
qt_add_qml_module(facet_ui
    URI Facet.Ui
    VERSION 1.0
    NO_CACHEGEN
    OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/Facet/Ui
    QML_FILES ${FACET_UI_QML}
    SOURCES
        Common/appcontroller.h Common/appcontroller.cpp
        Common/application.h Common/application.cpp
        Common/themechoice.h Common/themechoice.cpp
        Attachments/attachmentmodel.h Attachments/attachmentmodel.cpp
        Attachments/imageprovider.h Attachments/imageprovider.cpp
        Chat/conversationmodel.h Chat/conversationmodel.cpp
        Chat/chatcontroller.h Chat/chatcontroller.cpp
        Chat/chatcontroller_library.cpp Chat/chatcontroller_settings.cpp
        Chat/markdownblocks.h Chat/markdownblocks.cpp
        Chat/markdownhtml.h Chat/markdownhtml.cpp
        Conversations/chatlistmodel.h Conversations/chatlistmodel.cpp
        Settings/engineclient.h Settings/engineclient.cpp)
target_include_directories(facet_ui PUBLIC
    ${CMAKE_CURRENT_SOURCE_DIR}/Common ${CMAKE_CURRENT_SOURCE_DIR}/Attachments
    ${CMAKE_CURRENT_SOURCE_DIR}/Chat ${CMAKE_CURRENT_SOURCE_DIR}/Conversations
    ${CMAKE_CURRENT_SOURCE_DIR}/Settings)
target_link_libraries(facet_ui PUBLIC facet_app Qt6::Quick Qt6::QuickControls2)
target_compile_definitions(facet_ui PRIVATE FACET_VERSION="${PROJECT_VERSION}")
facet_warnings(facet_ui)
